import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs } from '../../../test/client.ts';

/**
 * Two server instances on one PostgreSQL database (issue 28 §4): a command sent through one reaches a
 * stream held by the other, woken by the change feed (LISTEN/NOTIFY), with no other service between them.
 * PGlite lives in one process, so this runs only when the tests run on PostgreSQL.
 */

const DEVICE = '10230000235'; // DEMO-DATA: new, not installed; its ICCID ends in 0235

async function listening(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The event frames of a stream until one matches (comments and the retry hint skipped). */
async function readUntil(
  response: Response,
  match: (event: { id: number; event: string; data: Record<string, unknown> }) => boolean,
) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { id: number; event: string; data: Record<string, unknown> }[] = [];
  let buffer = '';
  for (;;) {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      if (!id) continue;
      const event = {
        id: Number(id),
        event: /^event: (.*)$/m.exec(block)![1]!,
        data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Record<string, unknown>,
      };
      events.push(event);
      if (match(event)) return events;
    }
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended');
    buffer += value;
  }
}

describe.runIf(inject('postgresTemplate'))('device events across instances (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ DEVICE_SIM_SPEED: '20' });
  });
  afterAll(() => t?.close());

  it('a command sent through one instance reaches a stream held by the other', async () => {
    const other = await t.anotherInstance();
    const base = await listening(other);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error('no event within 15 s')), 15_000);
    try {
      const response = await fetch(`${base}/api/device/${DEVICE}/events?iccid_last_digits=0235`, {
        signal: abort.signal,
        headers: { 'x-forwarded-for': '10.28.200.1' },
      });
      expect(response.status).toBe(200);

      const installer = await signedInAs(t.app, null);
      const sent = await installer.call(endpoints.devices.sendCommand, {
        body: { device_key: DEVICE, command: 'locate', iccid_last_digits: '0235' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const jobId = sent.json().job_id;

      const events = await readUntil(
        response,
        (event) => event.event === 'test' && event.data.job_id === jobId && event.data.status === 'SUCCEEDED',
      );
      const ids = events.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      clearTimeout(timer);
      abort.abort();
      // Connections fetch opened and never used would hold the close for the keep-alive timeout.
      other.server.closeAllConnections();
    }
  });
});
