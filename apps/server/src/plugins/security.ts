import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { HttpError } from './errors.ts';

/**
 * The headers helmet sets for `options`, worked out once. They depend on nothing in the request (no nonces):
 * the Fastify plugin built helmet's whole middleware again on every request, parsing the CSP each time,
 * 2.6 % of a search's CPU under load (issue 33).
 */
function helmetHeaders(options: HelmetOptions) {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Security headers, and a same-origin check on every state-changing /api call (ARCHITECTURE). */
export async function registerSecurity(app: FastifyInstance, options: { publicUrl?: string }) {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // WebAssembly compiled from this origin: the VIN scan's barcode reader on phones without a native one.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: process.env.NODE_ENV === 'production',
  });
  // On the raw response, as helmet itself sets them: every answer keeps them, an error's too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  const allowed = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  app.addHook('onRequest', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin) return; // non-browser clients (curl, API tokens) send no Origin
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== allowed) throw new HttpError(403, 'Cross-origin request refused');
  });
}
