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
  /** The keys of each subject (null: answers still being read), so a notice finds its answers at once. */
  const bySubject = new Map<string | null, Set<string>>();
  const index = (subject: string | null, key: string) => {
    let keys = bySubject.get(subject);
    if (!keys) bySubject.set(subject, (keys = new Set()));
    keys.add(key);
  };
  const unindex = (subject: string | null, key: string) => {
    const keys = bySubject.get(subject);
    if (keys?.delete(key) && keys.size === 0) bySubject.delete(subject);
  };
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    unindex(entry.subject, key);
  };
  const forget = (subject: string) => {
    if (subject === EVERYONE) {
      entries.clear();
      bySubject.clear();
      return;
    }
    // A notice forgets its subject's answers, the ones concerning everyone stay; reads in flight go too.
    for (const which of [subject, null]) for (const key of bySubject.get(which) ?? []) remove(key);
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
    remove(key);
    while (entries.size >= options.size) remove(entries.keys().next().value!);
    const entry: Entry<T> = {
      at: now,
      value: read(),
      subject: ask.subjectOf ? null : (ask.subject ?? EVERYONE),
      until: Infinity,
    };
    entries.set(key, entry);
    index(entry.subject, key);
    const current = () => entries.get(key) === entry;
    entry.value.then(
      (value) => {
        if (!current()) return;
        if (ask.keep && !ask.keep(value)) return remove(key);
        if (ask.goodUntil) entry.until = ask.goodUntil(value);
        if (ask.subjectOf) {
          unindex(null, key);
          entry.subject = ask.subjectOf(value) ?? EVERYONE;
          index(entry.subject, key);
        }
      },
      () => current() && remove(key),
    );
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
