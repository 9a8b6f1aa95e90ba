import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SITES } from '@portal/contracts';

/** apps/server/src (or the bundle in apps/server/dist) is three folders below the repository. */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every environment variable the server reads, parsed once (CONVENTIONS 6). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * How many server processes share PORT (node:cluster; processes.ts): one per core serves twice the
   * searches on two cores. Above 1 needs DATABASE_URL: the embedded database is one process's.
   */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /** Where the embedded database lives; relative to the folder npm was started in. Default: `<repo>/data`. */
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SITE: z.enum(SITES).default('us'),
  OTHER_SITE_URL: z.url().default('https://ca.dealerportal.example'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Dealer Portal <no-reply@dealerportal.example>'),
  CONTACT_INBOX: z.email().default('support@dealerportal.example'),
  /** Where new dealer requests (/dealer-request) are mailed for review. */
  SALES_INBOX: z.email().default('sales@dealerportal.example'),
  /** Bearer token a Prometheus scraper shows at /metrics; without one, only loopback may read it. */
  METRICS_TOKEN: z.string().min(16).optional(),
  WEB_DIST: z.string().optional(),
  /**
   * 'auto' loads the demo data into an empty database, except in production; 'demo' loads it into an
   * empty database even in production (the demo accounts share a published password); 'never' leaves it empty.
   */
  SEED: z.enum(['auto', 'demo', 'never']).default('auto'),
  /** Demo mode shows the mail and SMS outbox at /dev/mailbox; on unless NODE_ENV=production. */
  DEMO_MODE: z.enum(['true', 'false']).optional(),
  /**
   * Who reads the API documentation (/api/docs, its UI and OpenAPI JSON): everyone, signed-in admins, or
   * nobody. Default: public in demo mode, admins otherwise (production).
   */
  API_DOCS: z.enum(['public', 'admins', 'off']).optional(),
  SMS_PROVIDER_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  /** Signs sessions and encrypts second-factor secrets; made once and kept in the database when unset. */
  AUTH_SECRET: z.string().min(32).optional(),
  /**
   * scrypt's cost for new password hashes, as log2 N (r = 8, p = 1): 17 is OWASP's (ASVS 11.4.2). Lower only
   * outside production (the test run's hashes are cheap); every hash records its cost, so each verifies.
   */
  PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /**
   * Whether admins and sales reps (who act for every dealer) must sign in with a second factor: 'required'
   * (default in production without demo mode) makes one without it set one up at the next sign-in.
   */
  STAFF_SECOND_FACTOR: z.enum(['required', 'off']).optional(),
  /**
   * The secret AUTH_SECRET replaces, for a while (docs/operations.md "Rotating AUTH_SECRET"): what it signed or
   * encrypted is still taken, everything new is made with AUTH_SECRET.
   */
  AUTH_SECRET_PREVIOUS: z.string().min(32).optional(),
  /** Proxies whose X-Forwarded-For is believed (Fastify trustProxy): 'loopback', an address list, or 'none'. */
  TRUST_PROXY: z.string().default('loopback'),
  /**
   * The longest a search page is shared by sessions that price alike (ms); a catalog change forgets it
   * at once (database change notices), this is the safety net. 0 reads every search afresh.
   */
  SEARCH_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
  /**
   * Searches count their matches exactly up to this many; above, the answer says this many and
   * `totalCountIsExact: false` (shown '10,000+'), so a broad term at 1M products is not counted in full.
   */
  SEARCH_EXACT_COUNT_UP_TO: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  /**
   * Who answers product searches (issue 33): 'embedded', an index in this process (SQLite FTS5, built from
   * the catalog at start and again after every catalog change, the database answering meanwhile), or
   * 'postgres', the database alone. Both answer alike; 'embedded' falls back to the database when its
   * library is not installed.
   */
  SEARCH_INDEX: z.enum(['embedded', 'postgres']).default('embedded'),
  /**
   * The embedded index is built again at least this often (ms), notices or not: what a write that sends no
   * notice (one made with triggers off) could cost. Any catalog notice replaces it at once.
   */
  SEARCH_INDEX_MAX_AGE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(900_000),
  /**
   * The longest a session read and its pricing context are kept in memory (ms); any change to the
   * user, the session or the business forgets them at once (change notices). 0 reads them on every request.
   */
  IDENTITY_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** '1' switches the VIN decoder off: VIN search answers 503 (spec 01 §8), the rest of wiring works. */
  VPIC_UNAVAILABLE: z.enum(['0', '1']).default('0'),
  /**
   * Where the VIN decoder keeps its unpacked, indexed vPIC database (85 MB, made at the first start);
   * relative to the data folder. Default: `<data folder>/vpic`.
   */
  VPIC_CACHE_DIR: z.string().optional(),
  /**
   * How old a checkout completion still charging must be before the server finishes or undoes it as one a
   * crash left (ms; issue 18). At start and when a retry finds it.
   */
  /**
   * Sign-ins from one address per 15 minutes (a shop's staff share one address). The browser test run
   * signs every journey in from 127.0.0.1 and raises it (e2e/server.mjs).
   */
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  CHECKOUT_RECOVERY_AFTER_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * Where background jobs run (issue 26): 'auto' is pg-boss on PostgreSQL (DATABASE_URL) and in-process on
   * the embedded database.
   */
  JOBS_RUNNER: z.enum(['auto', 'in-process', 'pg-boss']).default('auto'),
  /**
   * How often each instance's recovery job looks for tries a crash or a lost connection left half done
   * (ms; issue 26): a charged payment is settled within seconds, not at the next start.
   */
  ATTEMPT_RECOVERY_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /**
   * How often the payout job pays installers their earned rewards (ms; issue 30 §4): every earned reward of an
   * installer whose payouts are set up, one transfer each. Five minutes by default; at most a week.
   */
  REWARD_PAYOUTS_EVERY_MS: z.coerce.number().int().min(100).max(604_800_000).default(300_000),
  /**
   * How often an instance on the embedded database writes a backup of it (ms; issue 32 §4; 0: never): a gzipped
   * copy of the data folder taken between transactions, into BACKUP_DIR (default DATA_DIR/backups), keeping the
   * newest BACKUP_KEEP. On PostgreSQL the database's own tools back up (docs/operations.md) and this is ignored.
   */
  BACKUP_EVERY_MS: z.coerce.number().int().min(0).max(604_800_000).default(21_600_000),
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(8),
  /** How often the mail delivery job sends what the outbox holds for SMTP (ms; with SMTP_URL). */
  MAIL_DELIVERY_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(1_000),
  /**
   * The device cloud as its own service (`npm run device-cloud`, issue 28 §2): its URL and bearer token.
   * Unset: the simulated fleet runs in this process, on this database.
   */
  DEVICE_CLOUD_URL: z.url().optional(),
  DEVICE_CLOUD_TOKEN: z.string().min(1).optional(),
  /** The in-process fleet's clock: 1 is real time (a firmware update takes tens of seconds), 1000 near-instant. */
  DEVICE_SIM_SPEED: z.coerce.number().positive().max(1_000_000).default(1),
  /** Generated devices beside DEMO-DATA's on the fleet's first start; default 2000, none under NODE_ENV=test. */
  DEVICE_SIM_FLEET: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Commands one device takes per minute, from everyone together (issue 28 §5). */
  DEVICE_COMMANDS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Device event streams (GET /api/device/{key}/events) one person (a guest: one address) holds open at once, per instance. */
  DEVICE_STREAMS_PER_CALLER: z.coerce.number().int().min(1).max(100_000).default(5),
  /** How often an open device event stream sends a heartbeat comment (ms), so proxies do not cut it. */
  DEVICE_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Fault tests only (refused in production): a named point of the attempt machine where the process ends
   * with SIGKILL, as a crash would: 'after:charge' (any kind) or 'invoice-payment/after:charge' (one kind).
   * Points: after:decide, after:<step>, after:write.
   */
  FAULT_INJECTION: z
    .string()
    .regex(/^([a-z-]+\/)?(after|before):[a-z-]+$/, 'a fault point such as after:charge')
    .optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'DEVICE_SIM_FLEET' | 'API_DOCS'> & {
  DEVICE_SIM_FLEET: number;
  API_DOCS: 'public' | 'admins' | 'off';
  dataDir: string;
  demoMode: boolean;
  seedsDemoData: boolean;
  staffSecondFactor: 'required' | 'off';
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.FAULT_INJECTION && parsed.data.NODE_ENV === 'production')
    throw new Error('Invalid configuration:\n  FAULT_INJECTION: never in production');
  if (parsed.data.PASSWORD_SCRYPT_LOG_N < 17 && parsed.data.NODE_ENV === 'production')
    throw new Error('Invalid configuration:\n  PASSWORD_SCRYPT_LOG_N: at least 17 in production');
  const demoMode = parsed.data.DEMO_MODE ? parsed.data.DEMO_MODE === 'true' : parsed.data.NODE_ENV !== 'production';
  // Production never loads the demo accounts (published password) unless told so in so many words.
  const seedsDemoData =
    parsed.data.SEED === 'demo' || (parsed.data.SEED === 'auto' && parsed.data.NODE_ENV !== 'production');
  // One data folder whatever the working directory (`npm run seed` runs inside apps/server): a given
  // DATA_DIR is read from where npm was started (INIT_CWD), the default is the repository's own.
  const dataDir = parsed.data.DATA_DIR
    ? path.resolve(env.INIT_CWD ?? process.cwd(), parsed.data.DATA_DIR)
    : path.join(REPOSITORY_ROOT, 'data');
  if (parsed.data.SERVER_PROCESSES > 1 && !parsed.data.DATABASE_URL)
    throw new Error(
      'Invalid configuration:\n  SERVER_PROCESSES: above 1 needs DATABASE_URL (the embedded database is one process’s)',
    );
  if (parsed.data.DEVICE_CLOUD_URL && !parsed.data.DEVICE_CLOUD_TOKEN)
    throw new Error('Invalid configuration:\n  DEVICE_CLOUD_TOKEN: required with DEVICE_CLOUD_URL');
  // Tests start with DEMO-DATA's devices only: generating a fleet per test file would only cost time.
  const deviceSimFleet = parsed.data.DEVICE_SIM_FLEET ?? (parsed.data.NODE_ENV === 'test' ? 0 : 2000);
  // The demo's staff accounts have no second factor (DEMO-DATA.md): demo mode leaves it to choice.
  const staffSecondFactor =
    parsed.data.STAFF_SECOND_FACTOR ?? (parsed.data.NODE_ENV === 'production' && !demoMode ? 'required' : 'off');
  // The API's map is no secret (the web app calls it), but production shows it to admins only (ASVS 13.4.5).
  const apiDocs = parsed.data.API_DOCS ?? (demoMode ? 'public' : 'admins');
  return {
    ...parsed.data,
    DEVICE_SIM_FLEET: deviceSimFleet,
    API_DOCS: apiDocs,
    dataDir,
    demoMode,
    seedsDemoData,
    staffSecondFactor,
  };
}

/** Where links in e-mails point: the public URL, or this server on localhost. */
export const publicUrlOf = (config: Config) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
