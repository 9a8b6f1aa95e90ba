import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages } from '@portal/contracts';
import { isPagePath } from '@portal/contracts/pages';

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other
 * GET that is not an API call (history fallback), so deep links work after a reload. A path
 * outside the portal's page table (contracts/pages.ts, the table the web's router is built
 * from) answers 404 with the same index.html: the app shows its Not Found page (spec 01 §2.3).
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): serving the API only`);
    return;
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    // HEAD answers as GET does, without the body (RFC 9110 §9.3.2).
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isServerPath(request.url)) return;
    const pathname = decodedPath(request.url);
    if (pathname === null) return reply.status(400).send({ detail: messages.malformedUrl });
    const file = path.join(webDist, pathname);
    if (
      file.startsWith(webDist + path.sep) &&
      pathname !== '/' &&
      fs.statSync(file, { throwIfNoEntry: false })?.isFile()
    ) {
      return reply.sendFile(pathname.slice(1));
    }
    if (path.extname(pathname) && pathname.startsWith('/assets/')) return; // missing asset: plain 404
    return reply
      .status(isPagePath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html')
      .send(indexHtml);
  });
}

function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

const isServerPath = (url: string) =>
  url.startsWith('/api/') ||
  url === '/api' ||
  url.startsWith('/healthz') ||
  url.startsWith('/readyz') ||
  url.startsWith('/metrics');
