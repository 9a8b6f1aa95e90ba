// The built server on a fresh, throw-away embedded database for one Playwright run, in demo
// mode like `npm start` (the tests read sign-in codes from the demo outbox).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
process.env.DATA_DIR = dataDir;
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
await import('../apps/server/dist/main.js');
