import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createOutboxMailer, createSmtpMailer } from './mail.ts';
import { createHttpSms, createOutboxSms } from './sms.ts';
import { createOfflineVinDecoder } from './vin/index.ts';

/** The edge adapters for a configuration: real services when configured, offline outboxes otherwise. */
export function createAdapters(config: Config, db: Db) {
  return {
    mailer: config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createOutboxMailer(db),
    sms: config.SMS_PROVIDER_URL ? createHttpSms(config.SMS_PROVIDER_URL) : createOutboxSms(db),
    vinDecoder: createOfflineVinDecoder({ available: config.VPIC_UNAVAILABLE !== '1' }),
  };
}
