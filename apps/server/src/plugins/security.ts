import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { HttpError } from './errors.ts';

/** Security headers, and a same-origin check on every state-changing /api call (ARCHITECTURE). */
export async function registerSecurity(app: FastifyInstance, options: { publicUrl?: string }) {
  await app.register(helmet, {
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

  const allowed = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  app.addHook('onRequest', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin) return; // non-browser clients (curl, API tokens) send no Origin
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== allowed) throw new HttpError(403, 'Cross-origin request refused');
  });
}
