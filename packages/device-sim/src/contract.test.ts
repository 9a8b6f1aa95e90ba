/**
 * The device cloud contract on both ways to run the fleet (issue 28 §2): in-process, and the same simulator
 * behind its HTTP service through `createHttpCloud`. Then what only the service does: its token, its
 * refusals on the wire, its event stream resuming. (`npm run device-cloud` as a real process: service.test.ts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceCloudError, type CloudEvent, type DeviceCloud } from './api.ts';
import { DEMO, WAIT_MS, describeDeviceCloudContract, eventsSince, refusalOf, subscribed } from './contract.ts';
import { DeviceCloudHttpError, createHttpCloud } from './http-client.ts';
import { startDeviceCloudServer } from './http-server.ts';
import { createMemoryStore } from './memory-store.ts';
import { createSimulatedCloud } from './simulator.ts';

const TOKEN = 'contract-test-token';

async function inProcessCloud() {
  const cloud = createSimulatedCloud({ store: createMemoryStore(), speed: 10_000 });
  await cloud.start(); // seeds the demo fleet into the empty store
  return cloud;
}

/** The in-process fleet behind its HTTP service, and the HTTP client of it. */
async function overHttp(options: { fetch?: typeof fetch; heartbeatMs?: number } = {}) {
  const inner = await inProcessCloud();
  const server = await startDeviceCloudServer({
    cloud: inner,
    token: TOKEN,
    port: 0,
    heartbeatMs: options.heartbeatMs,
  });
  const cloud = createHttpCloud({
    url: server.url,
    token: TOKEN,
    reconnect: { initialMs: 20, maxMs: 200 },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    cloud,
    inner,
    url: server.url,
    async close() {
      await cloud.close();
      await server.close();
      await inner.close();
    },
  };
}

describeDeviceCloudContract('in-process simulator', async () => {
  const cloud = await inProcessCloud();
  return { cloud, close: () => cloud.close() };
});

describeDeviceCloudContract('simulator over HTTP', () => overHttp());

describe('the HTTP service', () => {
  let service: Awaited<ReturnType<typeof overHttp>>;
  afterEach(async () => {
    await service?.close();
  });

  it('refuses a request without the token, or with a wrong one, before doing anything', async () => {
    service = await overHttp();
    const before = (await service.inner.shadow(DEMO.x1WithKeylocker))!.version;
    const patch = JSON.stringify({ patch: { ignition: true } });
    const presented: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: TOKEN },
      { authorization: 'Bearer ' },
    ];
    for (const headers of presented) {
      const response = await fetch(`${service.url}/v1/devices/${DEMO.x1WithKeylocker}/shadow`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: patch,
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
    }
    const stream = await fetch(`${service.url}/v1/events/stream`);
    expect(stream.status).toBe(401);
    expect((await service.inner.shadow(DEMO.x1WithKeylocker))!.version).toBe(before);

    const wrongToken = createHttpCloud({ url: service.url, token: 'wrong' });
    const error = await wrongToken.shadow(DEMO.x1WithKeylocker).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeviceCloudHttpError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it("rethrows the cloud's refusals with the same code and message, and answers JSON for what it cannot route", async () => {
    service = await overHttp();
    const calls: ((cloud: DeviceCloud) => Promise<unknown>)[] = [
      (cloud) => cloud.updateShadow(DEMO.unknown, { ignition: true }),
      (cloud) => cloud.updateShadow(DEMO.x1WithKeylocker, { ignition: true }, -1),
      (cloud) => cloud.setPin(DEMO.x1WithKeylocker, '12a4', false),
      (cloud) => cloud.optionTables(DEMO.x1WithKeylocker, { keylocker: true, skip_query: true }),
    ];
    for (const call of calls) {
      const direct = await refusalOf(call(service.inner));
      const remote = await refusalOf(call(service.cloud));
      expect(remote).toBeInstanceOf(DeviceCloudError);
      expect({ code: remote.code, message: remote.message }).toEqual({ code: direct.code, message: direct.message });
    }

    const auth = { authorization: `Bearer ${TOKEN}` };
    const answers = await Promise.all([
      fetch(`${service.url}/v1/nowhere`, { headers: auth }),
      fetch(`${service.url}/v1/devices/${DEMO.x1WithKeylocker}/jobs`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{"command": ',
      }),
      fetch(`${service.url}/v1/devices/${DEMO.x1WithKeylocker}/jobs`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      }),
      fetch(`${service.url}/v1/devices/${DEMO.x1WithKeylocker}/shadow`, { method: 'DELETE', headers: auth }),
      fetch(`${service.url}/v1/devices/${DEMO.unknown}/shadow`, { headers: auth }),
      fetch(`${service.url}/v1/events/stream`, { headers: { ...auth, 'last-event-id': 'yesterday' } }),
    ]);
    const bodies = await Promise.all(
      answers.map(async (r) => ({
        status: r.status,
        body: (await r.json()) as Record<string, unknown>,
      })),
    );
    expect(bodies.map((b) => [b.status, b.body.code])).toEqual([
      [404, 'NO_ROUTE'],
      [400, 'BAD_REQUEST'],
      [400, 'INVALID'],
      [405, 'METHOD_NOT_ALLOWED'],
      [404, 'NOT_FOUND'],
      [400, 'INVALID'],
    ]);
    for (const { body } of bodies) expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  });

  it('generates devices on demand (admin)', async () => {
    service = await overHttp();
    const response = await fetch(`${service.url}/v1/fleet/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ count: 5, seed: 'contract' }),
    });
    expect(response.status).toBe(200);
    const { device_keys: keys } = (await response.json()) as { device_keys: string[] };
    expect(keys).toHaveLength(5);
    expect(await service.cloud.shadow(keys[0]!)).toMatchObject({ device_key: keys[0] });
  });

  it('resumes the event stream from Last-Event-ID, however far behind, and sends heartbeats', async () => {
    service = await overHttp({ heartbeatMs: 30 });
    await service.cloud.sendCommand(DEMO.x1WithKeylocker, 'locate', { waitMs: WAIT_MS });
    // More than the stream's pages of 500 to catch up on.
    for (let i = 0; i < 1200; i++)
      await service.inner.updateShadow(DEMO.dr5400, { cellular_signal_strength: -60 - (i % 40) });
    const kept = await eventsSince(service.cloud);
    const from = kept[1]!.id;
    const last = kept.at(-1)!.id;
    const control = new AbortController();
    const response = await fetch(`${service.url}/v1/events/stream`, {
      headers: { authorization: `Bearer ${TOKEN}`, 'last-event-id': String(from) },
      signal: control.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const caughtUp = () => {
      const at = text.indexOf(`id: ${last}\n`);
      return at >= 0 && text.indexOf(': heartbeat', at) >= 0;
    };
    while (!caughtUp()) text += decoder.decode((await reader.read()).value, { stream: true });
    control.abort();
    const ids = [...text.matchAll(/^data: (.*)$/gm)].map((m) => (JSON.parse(m[1]!) as CloudEvent).id);
    expect(ids.length).toBeGreaterThan(1000);
    expect(ids.filter((id) => id <= last)).toEqual(kept.filter((e) => e.id > from).map((e) => e.id));
  });

  it('answers a position past the newest event (a cloud whose events are gone) from the newest one', async () => {
    service = await overHttp();
    const newest = (await eventsSince(service.cloud)).at(-1)?.id ?? 0;
    const control = new AbortController();
    const response = await fetch(`${service.url}/v1/events/stream`, {
      headers: { authorization: `Bearer ${TOKEN}`, 'last-event-id': String(newest + 1000) },
      signal: control.signal,
    });
    const { value } = await response.body!.getReader().read();
    control.abort();
    expect(new TextDecoder().decode(value)).toContain(`id: ${newest}\n`);
  });

  it('the client reopens a dropped stream from the last event it saw: nothing lost, nothing twice', async () => {
    const cuts = new Set<AbortController>();
    let streamsOpened = 0;
    const cuttable: typeof fetch = (input, init) => {
      if (!String(input).endsWith('/v1/events/stream')) return fetch(input, init);
      streamsOpened++;
      const cut = new AbortController();
      cuts.add(cut);
      return fetch(input, { ...init, signal: AbortSignal.any([cut.signal, ...(init?.signal ? [init.signal] : [])]) });
    };
    service = await overHttp({ fetch: cuttable });
    const { heard, since, unsubscribe } = await subscribed(service.cloud, DEMO.x1WithKeylocker);
    for (const cut of cuts) cut.abort(); // the connection drops…
    cuts.clear();
    // …while the device goes on changing.
    const job = await service.cloud.sendCommand(DEMO.x1WithKeylocker, 'locate', { waitMs: WAIT_MS });
    for (let i = 0; i < 3; i++)
      await service.cloud.updateShadow(DEMO.x1WithKeylocker, { cellular_signal_strength: -80 - i });
    const kept = await eventsSince(service.cloud, since);
    const last = kept.at(-1)!.id;
    await vi.waitFor(() => expect(heard.at(-1)?.id).toBeGreaterThanOrEqual(last), { timeout: 5_000 });
    expect(streamsOpened).toBeGreaterThanOrEqual(2);
    expect(heard.filter((e) => e.id > since && e.id <= last)).toEqual(kept);
    expect(heard.some((e) => e.type === 'job' && e.data.job_id === job.job_id)).toBe(true);
    unsubscribe();
  });
});
