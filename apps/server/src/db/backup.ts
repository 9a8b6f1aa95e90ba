import fs from 'node:fs';
import path from 'node:path';
import { openPglite, type Database } from './client.ts';

const NAME = /^portal-\d{8}T\d{6}Z\.tar\.gz$/;
const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * Writes a backup of the embedded database into `dir` (written under a temporary name and renamed, so a crash
 * never leaves half a backup under a backup's name) and keeps the newest `keep`. Answers the file's path.
 */
export async function writeBackup(database: Database, dir: string, keep: number, at = new Date()) {
  if (!database.backup) throw new Error('only the embedded database is backed up here; use pg_dump on PostgreSQL');
  const blob = await database.backup();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `portal-${stamp(at)}.tar.gz`);
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(partial, file);
  const backups = fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort();
  for (const old of backups.slice(0, Math.max(0, backups.length - keep))) fs.rmSync(path.join(dir, old));
  return file;
}

/**
 * Restores a backup into a data folder that does not exist yet (the server is stopped: the folder is then moved
 * into place as DATA_DIR/pglite). Opening it once replays what the backup holds and proves it opens.
 */
export async function restoreBackup(file: string, dataDir: string) {
  if (fs.existsSync(dataDir)) throw new Error(`${dataDir} exists: restore into a new folder`);
  const client = openPglite({ dataDir, loadDataDir: new Blob([fs.readFileSync(file)]) });
  await client.waitReady;
  await client.query('select 1');
  await client.close();
}
