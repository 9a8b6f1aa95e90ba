import { EVERYONE, type ChangeFeed, type ChangeKind } from './changes.ts';

export interface MemoOptions {
  /** Which notices make it forget. */
  kind: ChangeKind;
  /** The most answers kept; the least recently used goes first. */
  size: number;
}

export interface MemoAsk<T> {
  /** The longest an answer is kept, notices or not (a safety net); 0 keeps nothing. */
  maxAgeMs: number;
  /**
   * Whom the answer concerns: a notice for this subject (or for everyone) forgets it. Without one, the
   * answer concerns everyone; `subjectOf` names it from the answer instead (until the answer comes,
   * any notice of the kind forgets it).
   */
  subject?: string;
  subjectOf?: (value: T) => string | undefined;
  /** An answer is kept only if this says so (say, a session read that refreshed its cookie). */
  keep?: (value: T) => boolean;
  /** The answer is no longer good after this time (epoch ms), say when its session expires. */
  goodUntil?: (value: T) => number;
}

interface Entry<T> {
  at: number;
  value: Promise<T>;
  /** null while the answer that names it is still being read. */
  subject: string | null;
  until: number;
}

/**
 * Answers kept in memory until the database says what they copy has changed (ChangeFeed), or they are
 * `maxAgeMs` old. Concurrent asks of the same key wait for one read. A notice forgets the answers of
 * its subject at once, reads still in flight included, so an answer read before a change is never
 * handed out after the change was noticed. While the feed is down nothing is kept.
 */
export function createMemo<T>(changes: ChangeFeed | undefined, options: MemoOptions) {
  const entries = new Map<string, Entry<T>>();
  const forget = (subject: string) => {
    if (subject === EVERYONE) entries.clear();
    else
      for (const [key, entry] of entries) if (entry.subject === subject || entry.subject === null) entries.delete(key);
  };
  changes?.subscribe(options.kind, forget);

  function get(key: string, read: () => Promise<T>, ask: MemoAsk<T>): Promise<T> {
    if (!changes?.live || ask.maxAgeMs <= 0) return read();
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ask.maxAgeMs && now < hit.until) {
      // Most recently used last: eviction takes the first.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    if (hit) entries.delete(key);
    while (entries.size >= options.size) entries.delete(entries.keys().next().value!);
    const subject = ask.subjectOf ? null : (ask.subject ?? EVERYONE);
    const entry: Entry<T> = { at: now, value: read(), subject, until: Infinity };
    entries.set(key, entry);
    const drop = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    entry.value.then((value) => {
      if (ask.keep && !ask.keep(value)) return drop();
      if (ask.goodUntil) entry.until = ask.goodUntil(value);
      if (ask.subjectOf) entry.subject = ask.subjectOf(value) ?? EVERYONE;
    }, drop);
    return entry.value;
  }

  return {
    get,
    forget,
    get size() {
      return entries.size;
    },
  };
}
export type Memo<T> = ReturnType<typeof createMemo<T>>;
