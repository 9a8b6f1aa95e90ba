import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Change notices from the database itself: triggers (migration 0014) send `pg_notify('portal_changes',
 * …)` when a table that an in-memory cache copies is written, by any process: this server, another
 * instance, the seed CLI or an import. Payloads: 'catalog' (products, prices, brands, categories, the
 * search dictionary), 'identity:<user id>' or 'identity:*' (sessions, users, their groups and
 * preferences, the business a session acts for, businesses and their approved brands), 'vehicles'
 * (the vehicle data the wiring page reads, migration 0020) and 'device:<device key>' (a device event
 * was written: its streams read on, migration 0026).
 */
export const CHANGES_CHANNEL = 'portal_changes';
export type ChangeKind = 'catalog' | 'identity' | 'vehicles' | 'device';
/** Whom a notice concerns: one user id, or '*' for everyone. */
export const EVERYONE = '*';

export interface ChangeFeed {
  /** True while notices arrive: a cache may keep answers only then (it could not learn of changes otherwise). */
  readonly live: boolean;
  /** Calls `listener` with the subject of every notice of `kind`, and with '*' when the feed goes down. */
  subscribe(kind: ChangeKind, listener: (subject: string) => void): () => void;
  /** Listens, once; resolves when notices arrive (or the feed gave up and caches stay off). */
  start(): Promise<void>;
  /** Resolves once every change committed before the call has reached the listeners. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export function parseNotice(payload: string): { kind: ChangeKind; subject: string } | null {
  if (payload === 'catalog' || payload === 'vehicles') return { kind: payload, subject: EVERYONE };
  const match = /^(identity|device):(.+)$/.exec(payload);
  return match ? { kind: match[1] as 'identity' | 'device', subject: match[2]! } : null;
}

/** The listeners and the dispatch shared by both drivers. */
function createDispatch() {
  const listeners = new Set<{ kind: ChangeKind; listener: (subject: string) => void }>();
  return {
    subscribe(kind: ChangeKind, listener: (subject: string) => void) {
      const entry = { kind, listener };
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    notice(payload: string) {
      const notice = parseNotice(payload);
      if (!notice) return;
      for (const { kind, listener } of listeners) if (kind === notice.kind) listener(notice.subject);
    },
    /** Everything may have changed (the feed went down): every cache forgets. */
    everything() {
      for (const { listener } of listeners) listener(EVERYONE);
    },
  };
}

/**
 * PGlite runs in this process and hands a transaction's notices to the listeners before the query
 * that committed it resolves, so a change is always noticed before anyone can ask again.
 */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  const dispatch = createDispatch();
  let started: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let live = false;
  return {
    get live() {
      return live;
    },
    subscribe: dispatch.subscribe,
    start() {
      started ??= client.listen(CHANGES_CHANNEL, dispatch.notice).then((stop) => {
        unlisten = stop;
        live = true;
      });
      return started;
    },
    sync: () => Promise.resolve(),
    async close() {
      live = false;
      await unlisten?.().catch(() => {});
    },
  };
}

/** The listening connection's name in pg_stat_activity. */
export const FEED_APPLICATION = 'portal-change-feed';

/** How often an idle listening connection is checked, and how long a check may take before it counts as dropped. */
const HEARTBEAT_MS = 15_000;
const PING_TIMEOUT_MS = 2_000;

/** How long the PostgreSQL feed waits before listening again after its connection dropped. */
const RECONNECT_MS = [100, 500, 2000, 5000];

/**
 * PostgreSQL delivers notices on a connection of their own. One client listens; a dropped connection
 * makes every cache forget and stop keeping answers until it listens again. `sync` asks that same
 * connection a trivial query: PostgreSQL sends the notices of transactions that committed before it
 * ahead of its answer (a change is noticed before the request that made it answers its client).
 */
export function postgresChangeFeed(url: string): ChangeFeed {
  const dispatch = createDispatch();
  let client: pg.Client | null = null;
  let started: Promise<void> | null = null;
  let closed = false;
  let live = false;
  let attempt = 0;
  let reconnect: NodeJS.Timeout | undefined;
  const dropped = new WeakSet<pg.Client>();
  // A connection dropped without a word (a firewall's idle timeout) raises no event: a heartbeat finds it.
  const heartbeat = setInterval(() => void (client && live && ping(client)), HEARTBEAT_MS);
  heartbeat.unref();

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: FEED_APPLICATION, keepAlive: true });
    next.on('notification', (message) => dispatch.notice(message.payload ?? ''));
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch {
      drop(next);
      return;
    }
    if (closed) return void next.end().catch(() => {});
    client = next;
    live = true;
    attempt = 0;
  }

  function drop(which: pg.Client) {
    // 'error' and 'end' may both come; a client is dropped once.
    if (dropped.has(which) || (client !== null && client !== which)) return;
    dropped.add(which);
    const wasLive = live;
    client = null;
    live = false;
    which.end().catch(() => {});
    if (wasLive) dispatch.everything();
    if (closed) return;
    const wait = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!;
    reconnect = setTimeout(() => void connect(), wait);
    reconnect.unref();
  }

  /** A trivial query on the listening connection; no answer within PING_TIMEOUT_MS drops it. */
  async function ping(which: pg.Client) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([which.query('select 1'), timeout]);
    } catch {
      drop(which);
    } finally {
      clearTimeout(timer);
    }
  }

  let pinging: Promise<void> | null = null;
  let following: Promise<void> | null = null;
  /**
   * Resolves once every notice sent before the call has arrived: a ping sent after it has come back. Many
   * writers at once share pings: a ping already on its way may predate a caller's commit, so callers
   * arriving meanwhile wait for the one after it, which they all share (one round trip, not one each).
   */
  function sync(): Promise<void> {
    if (!client || !live) return Promise.resolve();
    if (!pinging) {
      pinging = ping(client).finally(() => {
        pinging = null;
      });
      return pinging;
    }
    following ??= pinging.then(() => {
      following = null;
      return sync();
    });
    return following;
  }

  return {
    get live() {
      return live;
    },
    subscribe: dispatch.subscribe,
    start() {
      started ??= connect();
      return started;
    },
    sync,
    async close() {
      closed = true;
      live = false;
      clearInterval(heartbeat);
      clearTimeout(reconnect);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}

/** Which feed tells of a drizzle database's changes (set by openDatabase; none for a bare client). */
/** Keyed by the drizzle database object (db/client.ts) the feed belongs to. */
const feeds = new WeakMap<object, ChangeFeed>();
export const registerChangeFeed = (db: object, feed: ChangeFeed) => void feeds.set(db, feed);
export const changeFeedOf = (db: object): ChangeFeed | undefined => feeds.get(db);
