import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createOutboxMailer, createSmtpMailer } from './mail.ts';
import { createHttpSms, createOutboxSms } from './sms.ts';
import { createVpicVinDecoder } from './vin/index.ts';
import { createPaymentProcessor } from './payments/index.ts';

/** The edge adapters for a configuration: real services when configured, offline outboxes otherwise. */
export function createAdapters(config: Config, db: Db) {
  return {
    mailer: config.SMTP_URL ? createSmtpMailer(db) : createOutboxMailer(db),
    sms: config.SMS_PROVIDER_URL ? createHttpSms(config.SMS_PROVIDER_URL) : createOutboxSms(db),
    payments: createPaymentProcessor(db),
    vinDecoder: createVpicVinDecoder({
      available: config.VPIC_UNAVAILABLE !== '1',
      cacheDir: path.resolve(config.dataDir, config.VPIC_CACHE_DIR ?? 'vpic'),
    }),
  };
}
