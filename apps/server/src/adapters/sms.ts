import type { Db } from '../db/client.ts';
import { smsOutbox } from './outbox-schema.ts';
import { mailboxReaderFor } from './mailbox-reader.ts';

export interface SmsMessage {
  /** E.164, e.g. +15550100001. */
  to: string;
  body: string;
}

/** Where text messages go: a provider when SMS_PROVIDER_URL is set, else the outbox table. */
export interface SmsSender {
  readonly kind: 'provider' | 'outbox';
  send(message: SmsMessage, db?: Db): Promise<void>;
}

export function createOutboxSms(defaultDb: Db): SmsSender {
  return {
    kind: 'outbox',
    async send(message, db = defaultDb) {
      await db.insert(smsOutbox).values({ to: message.to, body: message.body, reader: mailboxReaderFor(message.to) });
    },
  };
}

/**
 * A provider reached over HTTP: POST {to, body} as JSON to SMS_PROVIDER_URL (a thin gateway in
 * front of Twilio, SNS or similar). A non-2xx answer is an error the caller sees.
 */
export function createHttpSms(providerUrl: string): SmsSender {
  return {
    kind: 'provider',
    async send(message) {
      const response = await fetch(providerUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
        redirect: 'error', // the gateway answers itself; a redirect is never followed (ASVS 15.3.2)
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}
