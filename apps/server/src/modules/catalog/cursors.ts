import { refuse } from '../../refusal.ts';

export const INVALID_CURSOR = 'Invalid cursor';

/** A keyset cursor: the sort value and the id of the row a page ends at (spec 01 §4). */
export interface Cursor {
  v: number | string;
  id: string;
}
export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
/** The cursor a client sent back; 400 INVALID_CURSOR when it is not one of ours. */
export function decodeCursor(raw: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if ((typeof parsed.v === 'number' || typeof parsed.v === 'string') && /^[0-9a-f-]{36}$/.test(parsed.id))
      return parsed;
  } catch {
    /* falls through */
  }
  throw refuse.invalid(INVALID_CURSOR);
}
