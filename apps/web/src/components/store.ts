import { useSyncExternalStore } from 'react';

/** A tiny external store: module-level state that components subscribe to. */
export function createStore<T>(initial: T) {
  return createLazyStore(() => initial);
}

/**
 * A store whose first value is read the first time it is asked for, not when its module loads (issue 31: the
 * first access to local or session storage costs a page 5–15 ms on its main thread, so a first page that never
 * shows the stored value never opens it).
 */
export function createLazyStore<T>(read: () => T) {
  let state: { value: T } | undefined;
  const listeners = new Set<() => void>();
  const get = () => (state ??= { value: read() }).value;
  return {
    get,
    set(next: T | ((prev: T) => T)) {
      state = { value: typeof next === 'function' ? (next as (prev: T) => T)(get()) : next };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: ReturnType<typeof createStore<T>>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
