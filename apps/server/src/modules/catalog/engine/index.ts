import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from '../../../db/client.ts';
import { changeFeedOf } from '../../../db/changes.ts';
import { cached } from '../search-cache.ts';
import { correctedQuery } from '../repo/spelling.ts';
import { hasPunctuation, skuFragmentOf } from '../repo/filters.ts';
import { readCatalog, tsqueryTexts } from '../repo/search-index.ts';
import { buildSearchIndex, type SearchIndex, type TermQueries } from './search-index.ts';
import { parseTsquery } from './tsquery.ts';

export { NotIndexable, type Mark, type SearchIndex } from './search-index.ts';

/** How long after a catalog notice the index is rebuilt: a burst of writes (an import) costs one build. */
const REBUILD_AFTER_MS = 200;
/** How long a replaced index stays open for the searches that took it before (they take milliseconds). */
const RETIRE_AFTER_MS = 10_000;

export interface SearchEngine {
  /**
   * The index, when it answers as the database would: built from the catalog as it is now (no catalog
   * notice since its snapshot) while notices arrive. Null otherwise: the database answers.
   */
  current(): SearchIndex | null;
  /** How many products the index answering now holds (0: none answers, the database does). */
  readonly indexed: number;
  /** How many searches the index read, and how many the database read instead (the bench and tests). */
  readonly reads: { index: number; database: number };
  /**
   * A search the index failed (its SQLite answered an error): the caller answers it from the database.
   * An index whose SQLite is no longer open is dropped and built again, the database answering meanwhile.
   */
  failed(failing: SearchIndex, error: unknown): void;
  /** Resolves once an index of the current catalog is in place (or none can be: no library). */
  ready(): Promise<void>;
  close(): void;
}

type Log = { info(object: object, message: string): void; warn(object: object, message: string): void };

let library: typeof BetterSqlite3 | null | undefined;
/** better-sqlite3, or null when it is not installed or its native part is not built (the database answers). */
function sqliteLibrary(log: Log): typeof BetterSqlite3 | null {
  if (library !== undefined) return library;
  try {
    const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
    new Sqlite(':memory:').close();
    library = Sqlite;
  } catch (error) {
    log.warn({ err: error }, 'the search index library (better-sqlite3) is not available: searches read the database');
    library = null;
  }
  return library;
}

const engines = new WeakMap<Db, SearchEngine>();
/** The search engine of a database's server (tests wait for its index). */
export const searchEngineOf = (db: Db) => engines.get(db);

/**
 * The embedded search index of one server: built at start, replaced whole after every catalog change
 * notice (a new snapshot, in the background: the database answers until it is ready) and every `maxAgeMs`
 * (a write that sent no notice), never used while notices do not arrive (it could not know it is stale).
 */
export function createSearchEngine(db: Db, log: Log, maxAgeMs = 900_000): SearchEngine {
  const changes = changeFeedOf(db);
  const Sqlite = sqliteLibrary(log);
  let index: SearchIndex | null = null;
  /** A replaced index is closed a while later: a search that took it before the change still reads it. */
  const retire = (old: SearchIndex | null) => {
    if (old) setTimeout(() => old.close(), RETIRE_AFTER_MS).unref();
  };
  /** Bumped by every catalog notice: a build of an older generation is thrown away. */
  let generation = 0;
  let building: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const waiting: (() => void)[] = [];

  const build = async () => {
    while (!closed) {
      const mine = generation;
      try {
        const started = performance.now();
        const built = await buildSearchIndex(Sqlite!, await readCatalog(db));
        if (closed || mine !== generation) {
          built?.close();
          continue;
        }
        if (!built) log.warn({}, 'the catalog has lexemes the search index can not keep: searches read the database');
        else if (built.products >= 10_000)
          log.info({ products: built.products, ms: Math.round(performance.now() - started) }, 'search index built');
        retire(index);
        index = built;
      } catch (error) {
        if (closed) return;
        log.warn({ err: error }, 'the search index could not be built: searches read the database');
      }
      break;
    }
    building = null;
    for (const resolve of waiting.splice(0)) resolve();
  };
  const rebuild = () => {
    if (closed || !Sqlite) return;
    building ??= build();
  };

  const stop = changes?.subscribe('catalog', () => {
    generation++;
    retire(index);
    index = null;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      rebuild();
    }, REBUILD_AFTER_MS);
  });
  rebuild();
  // The safety net: built again every so often, the current index answering meanwhile.
  const refresh = setInterval(rebuild, maxAgeMs);
  refresh.unref();

  const engine: SearchEngine = {
    reads: { index: 0, database: 0 },
    get indexed() {
      return engine.current()?.products ?? 0;
    },
    current: () => (changes?.live ? index : null),
    failed(failing, error) {
      engine.reads.index--;
      engine.reads.database++;
      // A search the index can not read (an error of that query) is the database's alone: building the
      // index again would not change it, and a request must not be able to make every index rebuild.
      if (failing.open)
        return void log.warn({ err: error }, 'the search index failed a search: the database answered it');
      if (failing !== index) return; // already replaced
      log.warn({ err: error }, 'the search index is closed: it is built again, the database answers meanwhile');
      retire(index);
      index = null;
      rebuild();
    },
    ready: () =>
      !Sqlite || closed || (index && !building && !timer)
        ? Promise.resolve()
        : new Promise((resolve) => {
            waiting.push(resolve);
            if (!building) {
              clearTimeout(timer);
              timer = undefined;
              rebuild();
            }
          }),
    close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(refresh);
      stop?.();
      index?.close();
      index = null;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
  engines.set(db, engine);
  return engine;
}

/**
 * A trimmed term's queries as the index asks them, shared per term like the corrections (filters.ts):
 * the spelling-corrected query and, for a term with punctuation, PostgreSQL's own parse, both as
 * PostgreSQL normalizes them (to_tsquery), and the SKU fragment under the database's rule.
 */
export function termQueriesOf(db: Db, term: string): Promise<TermQueries> {
  return cached(db, 'term-queries', term, async () => {
    const corrected = await cached(db, 'term', term, () => correctedQuery(db, term));
    const row = await tsqueryTexts(db, corrected, term, hasPunctuation(term));
    return {
      corrected: row.c === null ? null : parseTsquery(row.c),
      punctuation: row.w === null ? null : parseTsquery(row.w),
      sku: skuFragmentOf(term),
    };
  });
}
