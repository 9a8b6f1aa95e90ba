import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, registerCompress } from './compress.ts';

const large = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Remote start kit ${i}` })) };
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`;

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await registerCompress(app);
  app.get('/large', async () => large);
  app.get('/small', async () => ({ ok: true }));
  app.get('/image.svg', async (_request, reply) => reply.type('image/svg+xml').send(svg));
  app.get('/png', async (_request, reply) => reply.type('image/png').send(Buffer.alloc(4096)));
  app.get('/encoded', async (_request, reply) =>
    reply.type('application/json').header('content-encoding', 'gzip').send(Buffer.from('already gzipped')),
  );
  app.get('/not-modified', async (_request, reply) => reply.status(304).send());
  app.post('/echo', async (request) => ({ got: request.body }));
  await app.ready();
});
afterAll(() => app.close());

const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

describe('API answers (issue 17)', () => {
  it('compresses a large JSON answer by accept-encoding, with vary and its compressed length', async () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(COMPRESS_THRESHOLD);
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'gzip'], // as @fastify/static reads it
    ] as const) {
      const res = await app.inject({ url: '/large', headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      expect(res.rawPayload.length, accept).toBeLessThan(JSON.stringify(large).length / 3);
      expect(JSON.parse(decode(expected, res.rawPayload)), accept).toEqual(large);
    }
  });

  it('sends as it is what the client cannot decode, a small answer, and what does not compress', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }]) {
      const res = await app.inject({ url: '/large', headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual(large);
    }
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const png = await app.inject({ url: '/png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.length).toBe(4096);
  });

  it('leaves an answer already encoded alone, and a 304 without a body', async () => {
    const encoded = await app.inject({ url: '/encoded', headers: { 'accept-encoding': 'br' } });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.body).toBe('already gzipped');
    const notModified = await app.inject({ url: '/not-modified', headers: { 'accept-encoding': 'br' } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('compresses a route’s svg answer too, and it still decodes', async () => {
    const res = await app.inject({ url: '/image.svg', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', res.rawPayload)).toBe(svg);
  });

  it('answers HEAD as GET does, without the body (the identity form: RFC 9110 §9.3.2 lets HEAD omit the encoding)', async () => {
    const get = await app.inject({ url: '/large', headers: { 'accept-encoding': 'br' } });
    const head = await app.inject({ method: 'HEAD', url: '/large', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(JSON.stringify(large).length);
  });

  it('does not decompress request bodies: the body limit holds for the bytes as sent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: JSON.stringify({ a: 1 }),
    });
    expect(res.json()).toEqual({ got: { a: 1 } });
  });
});
