// `npm run restore -w @portal/server -- <backup.tar.gz> <new data folder>`: docs/operations.md.
import { restoreBackup } from './backup.ts';

const [file, dataDir] = process.argv.slice(2);
if (!file || !dataDir) {
  console.error('usage: npm run restore -w @portal/server -- <backup.tar.gz> <new data folder>');
  process.exit(2);
}
await restoreBackup(file, dataDir);
console.log(`Restored ${file} into ${dataDir}. Stop the server, put it in place as DATA_DIR/pglite, start again.`);
