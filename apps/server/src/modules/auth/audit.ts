import type { Db } from '../../db/client.ts';
import type { Client } from './client.ts';
import { recordAuthEvent, type AuthEventType } from './repo.ts';

export type { AuthEventType };

/** Records an event of the audit log (issue 3 §9) with where it came from. */
export type Audit = (
  type: AuthEventType,
  from: Pick<Client, 'ip' | 'userAgent'>,
  fields: { userId?: string | null; email?: string; details?: Record<string, unknown> },
) => Promise<void>;

export const createAudit =
  (db: Db): Audit =>
  (type, from, fields) =>
    recordAuthEvent(db, {
      type,
      userId: fields.userId ?? null,
      email: fields.email ?? null,
      ipAddress: from.ip,
      userAgent: from.userAgent,
      details: fields.details ?? null,
    });
