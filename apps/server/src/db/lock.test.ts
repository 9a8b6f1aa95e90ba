import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { acquireDataDirLock } from './lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it('refuses a second server on the same data folder with a clear message', async () => {
  const dir = tempDir();
  // Another live process holds the lock.
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
  fs.writeFileSync(path.join(dir, 'server.lock'), String(other.pid));
  try {
    expect(() => acquireDataDirLock(dir)).toThrow(/Another server \(process \d+\) is already using the data folder/);
  } finally {
    other.kill();
  }
});

it('takes over a stale lock whose process is gone, and releases it', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
  const release = acquireDataDirLock(dir);
  expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
  release();
  expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
});
