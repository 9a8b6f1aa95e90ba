import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Below this many bytes an answer goes as it is: compressing it saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses the server's own text answers (API JSON, the documents' html and svg, the metrics) with
 * brotli or gzip, as the request's accept-encoding asks, from COMPRESS_THRESHOLD bytes up, with
 * `vary: accept-encoding`. Brotli at quality 4 costs about what gzip 6 does per answer and saves more.
 *
 * Left as they are: answers already encoded (the web app's files, precompressed at build and sent by
 * @fastify/static with their content-encoding; the index.html fallback, compressed once at start in
 * plugins/spa.ts), partial content, types that do not compress (images, fonts), and an empty body
 * (204, 304). HEAD gets the headers its GET would have. Request bodies are never decompressed: the body
 * limits hold for the bytes as sent. Registered before every route: the plugin hooks into routes as
 * they are declared.
 */
export async function registerCompress(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}
