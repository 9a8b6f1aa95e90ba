/**
 * `npm run device-cloud` as a real process (service.ts): it refuses to start without a token, serves its own
 * fleet from its own database, and a restart on the same data keeps every device, job and event as it was.
 * A file of its own, so the seconds PGlite takes to create a database overlap the package's other files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, WAIT_MS, eventsSince } from './contract.ts';
import { DEMO_DEVICE_KEYS } from './fleet.ts';
import { createHttpCloud } from './http-client.ts';

const TOKEN = 'service-test-token';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const servicePath = path.join(repoRoot, 'packages/device-sim/src/service.ts');

function startService(env: Record<string, string>) {
  // node with tsx's loader, not the tsx CLI: the CLI relays a signal to its child and SIGKILLs it when the
  // child does not acknowledge within 30 ms (a busy machine), which would test a crash, not a stop.
  const child = spawn(process.execPath, ['--import', 'tsx', servicePath], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}):\n${output}`));
    });
  });
  return { child, url, exited, output: () => output };
}

async function stopService(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode === null) child.kill('SIGTERM');
  return exited;
}

const serviceEnv = {
  DEVICE_CLOUD_TOKEN: TOKEN,
  DEVICE_CLOUD_PORT: '0',
  DEVICE_SIM_FLEET: '50',
  // 500: every simulated delay is a whole number of real ms (the SQL store keeps due times as bigint).
  DEVICE_SIM_SPEED: '500',
};
let dataDir: string;
let firstRun: ReturnType<typeof startService> | null = null;
// The first start creates a PGlite database (seconds of initdb): begun at once, while the token test runs.
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'device-cloud-'));
  firstRun = startService({ ...serviceEnv, DEVICE_SIM_DATA: dataDir });
  firstRun.url.catch(() => {}); // said by the test that waits for it
});
afterAll(async () => {
  if (firstRun) await stopService(firstRun.child, firstRun.exited);
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('npm run device-cloud (a real process)', () => {
  let restarted: ReturnType<typeof startService> | null = null;
  afterEach(async () => {
    if (restarted) await stopService(restarted.child, restarted.exited);
    restarted = null;
  });

  it('refuses to start without a token, saying why', { timeout: 30_000 }, async () => {
    const started = startService({ DEVICE_CLOUD_PORT: '0' });
    started.url.catch(() => {});
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/DEVICE_CLOUD_TOKEN is required/);
  });

  it('serves its own fleet and keeps every device as it was across a restart', { timeout: 180_000 }, async () => {
    const first = firstRun!;
    let cloud = createHttpCloud({ url: await first.url, token: TOKEN });
    const health = async (url: string) =>
      (await (await fetch(`${url}/v1/health`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as {
        devices: number;
      };
    const devicesAtFirst = (await health(await first.url)).devices;
    expect(devicesAtFirst).toBe(DEMO_DEVICE_KEYS.length + 50); // the generated fleet beside the demo devices

    const job = await cloud.sendCommand(DEMO.x1WithKeylocker, 'locate', { waitMs: WAIT_MS });
    expect(job.status).toBe('SUCCEEDED');
    const written = await cloud.updateShadow(DEMO.x1WithKeylocker, { cellular_signal_strength: -71 });
    const other = (await cloud.shadow(DEMO.activeOld))!;
    const events = await eventsSince(cloud);

    expect(await stopService(first.child, first.exited)).toBe(0);
    restarted = startService({ ...serviceEnv, DEVICE_SIM_DATA: dataDir });
    cloud = createHttpCloud({ url: await restarted.url, token: TOKEN });
    expect((await health(await restarted.url)).devices).toBe(devicesAtFirst);
    const again = (await cloud.shadow(DEMO.x1WithKeylocker))!;
    expect(again.version).toBe(written.version);
    expect(again.reported.cellular_signal_strength).toBe(-71);
    expect((await cloud.shadow(DEMO.activeOld))!.version).toBe(other.version);
    expect(await cloud.job(job.job_id)).toEqual(job);
    expect((await eventsSince(cloud)).slice(0, events.length)).toEqual(events);
  });
});
