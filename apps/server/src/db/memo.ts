import { LRUCache } from 'lru-cache';
import { EVERYONE, type ChangeFeed, type ChangeKind } from './changes.ts';

export interface MemoOptions {
  /** Which notices make it forget. */
  kind: ChangeKind;
  /** The most answers kept; the least recently used goes first. */
  size: number;
}

/** Whom an answer concerns: one subject or several (a rep and the dealer primary they act as). */
type Subjects = string | readonly string[];

export interface MemoAsk<T> {
  /** The longest an answer is kept, notices or not (a safety net); 0 keeps nothing. */
  maxAgeMs: number;
  /**
   * Whom the answer concerns: a notice for one of these subjects (or for everyone) forgets it.
   * Without one, the answer concerns everyone; `subjectOf` names them from the answer instead (until
   * the answer comes, any notice of the kind forgets it).
   */
  subject?: Subjects;
  subjectOf?: (value: T) => Subjects | undefined;
  /** An answer is kept only if this says so (say, a session read that refreshed its cookie). */
  keep?: (value: T) => boolean;
  /** The answer is no longer good after this time (epoch ms), say when its session expires. */
  goodUntil?: (value: T) => number;
}

interface Entry<T> {
  value: Promise<T>;
  /** null while the answer that names them is still being read. */
  subjects: readonly string[] | null;
}

const listOf = (subjects: Subjects | undefined): readonly string[] =>
  subjects === undefined ? [EVERYONE] : typeof subjects === 'string' ? [subjects] : subjects;

/**
 * Answers kept in memory until the database says what they copy has changed (ChangeFeed), or they are
 * `maxAgeMs` old. lru-cache keeps the answers (size, age, least recently used first); what is ours is
 * the forgetting: a notice forgets the answers of its subject at once, reads still in flight included,
 * so an answer read before a change is never handed out after the change was noticed. Concurrent asks
 * of the same key wait for one read. While the feed is down nothing is kept.
 */
export function createMemo<T>(changes: ChangeFeed | undefined, options: MemoOptions) {
  /** The keys of each subject (null: answers still being read), so a notice finds its answers at once. */
  const bySubject = new Map<string | null, Set<string>>();
  const unindex = (entry: Entry<T>, key: string) => {
    for (const subject of entry.subjects ?? [null]) {
      const keys = bySubject.get(subject);
      if (keys?.delete(key) && keys.size === 0) bySubject.delete(subject);
    }
  };
  const index = (entry: Entry<T>, key: string) => {
    for (const subject of entry.subjects ?? [null]) {
      let keys = bySubject.get(subject);
      if (!keys) bySubject.set(subject, (keys = new Set()));
      keys.add(key);
    }
  };
  const entries = new LRUCache<string, Entry<T>>({
    max: options.size,
    // Every way an entry leaves (eviction, expiry, replacement, forgetting) takes it out of the index.
    dispose: (entry, key) => unindex(entry, key),
  });

  const forget = (subject: string) => {
    if (subject === EVERYONE) {
      entries.clear();
      return;
    }
    // A notice forgets its subject's answers, the ones concerning everyone stay; reads in flight go too.
    for (const which of [subject, null]) for (const key of [...(bySubject.get(which) ?? [])]) entries.delete(key);
  };
  changes?.subscribe(options.kind, forget);

  function get(key: string, read: () => Promise<T>, ask: MemoAsk<T>): Promise<T> {
    if (!changes?.live || ask.maxAgeMs <= 0) return read();
    const hit = entries.get(key);
    if (hit) return hit.value;
    const entry: Entry<T> = { value: read(), subjects: ask.subjectOf ? null : listOf(ask.subject) };
    entries.set(key, entry, { ttl: ask.maxAgeMs });
    index(entry, key);
    const current = () => entries.peek(key, { allowStale: true }) === entry;
    entry.value.then(
      (value) => {
        if (!current()) return;
        if (ask.keep && !ask.keep(value)) return void entries.delete(key);
        if (ask.subjectOf) {
          unindex(entry, key);
          entry.subjects = listOf(ask.subjectOf(value));
          index(entry, key);
        }
        // Kept no longer than the answer is good (a session's end), within maxAgeMs.
        const until = ask.goodUntil?.(value);
        if (until !== undefined) {
          const left = until - Date.now();
          if (left <= 0) return void entries.delete(key);
          if (left < ask.maxAgeMs) entries.set(key, entry, { ttl: left, noDisposeOnSet: true });
        }
      },
      () => current() && entries.delete(key),
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
