/** The client's own server-sent events reader (no dependency): what the stream format allows. */
import { describe, expect, it } from 'vitest';
import { readEventStream } from './http-client.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(chunks: string[]) {
  const events: { data: string; id: string }[] = [];
  const ids: string[] = [];
  await readEventStream(streamOf(chunks), {
    onEvent: (data, id) => events.push({ data, id }),
    onId: (id) => ids.push(id),
  });
  return { events, ids };
}

describe('readEventStream', () => {
  it('reads ids and data, skips comments, and takes an id without data as the position', async () => {
    const { events, ids } = await read([
      'retry: 1000\nid: 7\n\n',
      ': heartbeat\n\n',
      'id: 8\ndata: {"id":8}\n\n',
      'data: {"id":9}\nid: 9\n\n',
    ]);
    expect(ids).toEqual(['7', '8', '9']);
    expect(events).toEqual([
      { data: '{"id":8}', id: '8' },
      { data: '{"id":9}', id: '9' },
    ]);
  });

  it('joins data lines, and reads CRLF, CR and LF line ends split anywhere across chunks', async () => {
    const text = 'id: 1\r\ndata: a\r\ndata: b\r\n\r\nid: 2\rdata:c\r\rid: 3\ndata: d\n\n';
    const whole = await read([text]);
    expect(whole.events).toEqual([
      { data: 'a\nb', id: '1' },
      { data: 'c', id: '2' },
      { data: 'd', id: '3' },
    ]);
    // Every split point, including between the CR and LF of one line end.
    for (let i = 1; i < text.length; i++) {
      expect((await read([text.slice(0, i), text.slice(i)])).events).toEqual(whole.events);
    }
  });

  it('does not dispatch an event the stream ended in the middle of', async () => {
    const { events } = await read(['id: 1\ndata: whole\n\nid: 2\ndata: cut']);
    expect(events).toEqual([{ data: 'whole', id: '1' }]);
  });

  it('splits a multi-byte character across chunks without garbling it', async () => {
    const bytes = new TextEncoder().encode('data: café ✓\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const events: string[] = [];
    await readEventStream(stream, { onEvent: (data) => events.push(data), onId: () => {} });
    expect(events).toEqual(['café ✓']);
  });
});
