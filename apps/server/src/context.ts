import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Mailer } from './adapters/mail.ts';
import type { SmsSender } from './adapters/sms.ts';
import type { VinDecoder } from './adapters/vin/index.ts';
import type { PaymentProcessor } from './adapters/payments/index.ts';
import { createAdapters } from './adapters/index.ts';
import { createPasswordHasher, OWASP_SCRYPT, type PasswordHasher } from './password-hash.ts';
import { createDeviceCloud, type PortalDeviceCloud } from './adapters/devices/index.ts';

/** What every module gets: the database, the adapters and the configuration. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  vinDecoder: VinDecoder;
  payments: PaymentProcessor;
  /** The device cloud (issue 28): the in-process simulated fleet, or the one DEVICE_CLOUD_URL names. */
  devices: PortalDeviceCloud;
  authSecret: string;
  /** New password hashes at the configured scrypt cost; any recorded cost verifies (password-hash.ts). */
  passwords: PasswordHasher;
}

/**
 * The context of one server. `authSecret` is read by the caller (the auth module's `getAuthSecret`,
 * from main.ts or a test): the context sits below the modules and imports none of them.
 */
export function createContext(config: Config, database: Database, authSecret: string): AppContext {
  return {
    config,
    database,
    db: database.db,
    ...createAdapters(config, database.db),
    devices: createDeviceCloud(config, database),
    authSecret,
    passwords: passwordHasherOf(config),
  };
}

export const passwordHasherOf = (config: Config) =>
  createPasswordHasher({ ...OWASP_SCRYPT, logN: config.PASSWORD_SCRYPT_LOG_N });
