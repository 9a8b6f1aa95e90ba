// Part of bench/devices.mjs (issue 28): how many simulated devices one process holds in 1 GB. Run in a child
// with --max-old-space-size=1024 --expose-gc: builds an in-memory fleet of BENCH_DEVICES (100,000) devices,
// has one of them answer a command, and prints what the process holds for them as one JSON line.
import { createMemoryStore, createSimulatedCloud } from '@portal/device-sim';

const TARGET = Number(process.env.BENCH_DEVICES ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

/** Everything the process holds for its objects: V8's heap plus the memory outside it (buffers, external strings). */
const held = () => {
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external + usage.arrayBuffers;
};

const base = held();
const cloud = createSimulatedCloud({ store: createMemoryStore(), seed: 'bench', speed: 100_000 });
const started = performance.now();
const keys = await cloud.generateFleet(TARGET, 'bench');
const generateMs = performance.now() - started;
// The fleet answers: a command on the last device made, through the same cloud, waited for.
const job = await cloud.sendCommand(keys.at(-1)!, 'query_status', { waitMs: 3_600_000 });
console.log(
  JSON.stringify({
    devices: await cloud.deviceCount(),
    heldBytes: held() - base,
    rssBytes: process.memoryUsage().rss,
    generateMs: Math.round(generateMs),
    job: job.status,
  }),
);
await cloud.close();
