import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Mailer } from './adapters/mail.ts';

/** What every module gets: the database, the adapters and the configuration. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
}
