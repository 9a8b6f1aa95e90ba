import type { Db } from '../../db/client.ts';
import type { Client } from './client.ts';
import { recordAuthEvent } from './repo.ts';
import type { AUTH_EVENT_TYPES } from './schema.ts';

export type AuthEventType = (typeof AUTH_EVENT_TYPES)[number];

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
