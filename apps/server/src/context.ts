import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Mailer } from './adapters/mail.ts';
import type { SmsSender } from './adapters/sms.ts';
import type { VinDecoder } from './adapters/vin/index.ts';
import type { PaymentProcessor } from './adapters/payments/index.ts';
import { createAdapters } from './adapters/index.ts';
import { getAuthSecret } from './modules/auth/index.ts';

/** What every module gets: the database, the adapters and the configuration. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  vinDecoder: VinDecoder;
  payments: PaymentProcessor;
  authSecret: string;
}

export async function createContext(config: Config, database: Database): Promise<AppContext> {
  return {
    config,
    database,
    db: database.db,
    ...createAdapters(config, database.db),
    authSecret: await getAuthSecret(database.db, config.AUTH_SECRET),
  };
}
