// The built server on a fresh, throw-away embedded database for one Playwright run, in demo
// mode like `npm start` (the tests read sign-in codes from the demo outbox).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
process.env.DATA_DIR = dataDir;
// Every journey signs in from 127.0.0.1: the run as a whole would meet the per-address limit a shop's
// staff share (100 per 15 minutes). Each account's own lockout still applies.
process.env.SIGN_IN_LIMIT_PER_ADDRESS ??= '1000';
// A fast device clock (the house rule for journeys): a device's second is 50 ms, so a firmware update of
// about 40 s in a car is watched, step by step, in two.
process.env.DEVICE_SIM_SPEED ??= '20';
// The payout sweep every two seconds (five minutes by default), so the rewards journey sees a reward paid
// once its installer has set up payouts. Only that journey sets up payouts.
process.env.REWARD_PAYOUTS_EVERY_MS ??= '2000';
// The test run's scrypt cost (as the server tests'): 2^12, not OWASP's 2^17, or every sign-in of the run (one or
// more a journey) costs about a third of a second of the two cores. The journeys prove the sign-in, not its cost:
// the real cost is the default, production refuses a lower one (config.ts), and password.test.ts hashes at it.
process.env.PASSWORD_SCRYPT_LOG_N ??= '12';
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
await import('../apps/server/dist/main.js');
