import { useState } from 'react';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id the server could hold: the record pages answer 'not found' for anything else without asking. */
export const isUuid = (value: string) => UUID.test(value);

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context; the fallback has the same shape). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per attempt of a payment (Place order, Pay): the same attempt sent again (a double
 * click, a retry after no answer came) goes under the same key, so the server answers the first one and
 * never charges twice; another fingerprint (the person changed something) is a new attempt with a new key.
 * `forget` ends the attempt: once it succeeded, or once the server refused it (nothing was done).
 */
export function useAttemptKey() {
  const [attempt] = useState(() => {
    let current: { fingerprint: string; key: string } | null = null;
    return {
      keyFor(fingerprint: string): string {
        if (current?.fingerprint !== fingerprint) current = { fingerprint, key: newIdempotencyKey() };
        return current.key;
      },
      forget() {
        current = null;
      },
    };
  });
  return attempt;
}
