import { PREFETCH_IDLE_TIMEOUT_MS } from '@portal/contracts/constants';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** spec 01 §9: no prefetching offline, on 2g, or when the user asked to save data. */
export function prefetchAllowed(nav: Navigator = navigator): boolean {
  if (!nav.onLine) return false;
  const connection = (nav as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData) return false;
  return !connection?.effectiveType?.includes('2g');
}

/**
 * Runs `work` when the browser is idle (at the latest after the spec's 2 s), if prefetching is
 * allowed. Returns a cancel function for effects.
 */
export function whenIdle(work: () => void): () => void {
  if (!prefetchAllowed()) return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, PREFETCH_IDLE_TIMEOUT_MS);
  return () => window.clearTimeout(handle);
}
