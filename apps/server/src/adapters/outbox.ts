import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox, smsOutbox } from './outbox-schema.ts';

export interface OutboxQuery {
  /** Only messages to this address or phone number. */
  to?: string;
  /** Only messages this demo mailbox may read; null reads every message (this machine). */
  reader: string | null;
  limit: number;
}

/** What the offline mail and SMS adapters kept, newest first (the demo mailbox reads it). */
export async function readOutbox(db: Db, query: OutboxQuery) {
  const where = (table: typeof mailOutbox | typeof smsOutbox, address: string | undefined) => {
    const conditions: SQL[] = [];
    if (address) conditions.push(eq(table.to, address));
    if (query.reader !== null) conditions.push(eq(table.reader, query.reader));
    return and(...conditions);
  };
  const [mail, sms] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where(mailOutbox, query.to?.toLowerCase()))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(query.limit),
    db.select().from(smsOutbox).where(where(smsOutbox, query.to)).orderBy(desc(smsOutbox.createdAt)).limit(query.limit),
  ]);
  return { mail, sms };
}
