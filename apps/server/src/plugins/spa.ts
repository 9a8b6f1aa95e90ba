import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Negotiator } from '@fastify/accept-negotiator';
import { messages } from '@portal/contracts';
import { accessOf, accessRedirect, pageOf } from '@portal/contracts/pages';

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other
 * GET that is not an API call (history fallback), so deep links work after a reload. A path
 * outside the portal's page table (contracts/pages.ts, the table the web's router is built
 * from) answers 404 with the same index.html: the app shows its Not Found page (spec 01 §2.3).
 *
 * Text goes compressed (issue 17): the build writes `.br` and `.gz` next to every text file
 * (apps/web/vite.config.ts) and @fastify/static sends the one the request accepts, with its
 * content-encoding; index.html, answered from memory, is compressed once here. Those answers
 * carry `vary: accept-encoding`. Hashed assets are cached a year; everything else is `no-cache`
 * (revalidated each time, so never stale).
 *
 * A protected page's address without a session, and /login with one, answers the router's redirect (302) at once.
 *
 * Each page's index.html names the chunks its screen needs as modulepreload links, and their style sheets (the
 * build lists them in .vite/page-preloads.json), so the browser fetches them beside the entry, not after it has run.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  options: { signedIn?: (request: FastifyRequest) => Promise<boolean> } = {},
) {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): serving the API only`);
    return;
  }
  const html = fs.readFileSync(indexFile, 'utf8');
  const plain = indexAnswers(html);
  const byPage = new Map(
    Object.entries(pagePreloads(webDist)).map(([page, files]) => [page, indexAnswers(withModulePreloads(html, files))]),
  );
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // Called with the file sent: `x.js.br` when the brotli copy of `x.js` goes.
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (PRECOMPRESSED.test(filePath)) reply.setHeader('vary', 'accept-encoding');
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
    const page = pageOf(pathname);
    const known = page !== undefined;
    // spec 01 §2.2, issue 31 item 3: a protected page without a session (and /login with one) redirects here, as
    // the router would after loading the page's code, the session and the other page's code in turn.
    const access = known ? accessOf(page) : null;
    if ((access === 'required' || access === 'guest-only') && options.signedIn) {
      const url = new URL(request.url, 'http://portal');
      const target = accessRedirect(access, await options.signedIn(request), url);
      if (target) return reply.status(302).header('location', target).header('cache-control', 'no-store').send();
    }
    const index = (page && byPage.get(page)) ?? plain;
    reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', index.etag)
      .type('text/html; charset=utf-8');
    if (known && request.headers['if-none-match']?.includes(index.etag)) return reply.status(304).send();
    const encoding = acceptedEncoding(request);
    if (encoding === null) return reply.send(index.identity);
    return reply.header('content-encoding', encoding).send(index[encoding]);
  });
}

/** The extensions the web build precompresses, as sent (`x.js`, `x.js.br`, `x.js.gz`). */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)(?:\.br|\.gz)?$/;

const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** br or gzip, the request's preference (as @fastify/static chooses, `*` meaning gzip); null: neither. */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return null;
  return encodings.negotiate(accepted.toLowerCase().replace(/\*/g, 'gzip'));
}

/** The chunks of each page's screen, as the build listed them; none when the file is missing. */
function pagePreloads(webDist: string): Record<string, string[]> {
  const file = path.join(webDist, '.vite', 'page-preloads.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
}

/**
 * index.html with a modulepreload link for each script and a stylesheet link for each style sheet, at the end
 * of its head (as the build's own links). The app finds those sheets there and does not add them again.
 */
function withModulePreloads(html: string, files: string[]): string {
  const links = files
    .map((file) =>
      file.endsWith('.css')
        ? `    <link rel="stylesheet" crossorigin href="${file}">\n`
        : `    <link rel="modulepreload" crossorigin href="${file}">\n`,
    )
    .join('');
  return html.replace('</head>', `${links}  </head>`);
}

/** index.html as it goes: plain, brotli and gzip (each at its best, once), and its ETag. */
function indexAnswers(text: string) {
  const html = Buffer.from(text);
  return {
    identity: html,
    br: brotliCompressSync(html, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      },
    }),
    gzip: gzipSync(html, { level: 9 }),
    etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
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
