import { CHUNK_RELOAD_WINDOW_MS, STORAGE_KEYS } from '@portal/contracts/constants';
import { storage } from '../lib/storage.ts';

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i;

export const isChunkLoadError = (error: unknown) => error instanceof Error && CHUNK_ERROR.test(error.message);

/**
 * spec 01 §4: a chunk-load failure (a deploy replaced the files) reloads the page once, at most
 * once per 60 seconds; a second failure inside the window shows the error page instead.
 * Called from the route error boundary: by then the router has moved to the page that failed,
 * so reloading loads that page with the new files. Returns whether a reload was started.
 */
export function reloadForChunkError(error: unknown, now = Date.now()): boolean {
  if (!isChunkLoadError(error)) return false;
  const last = Number(storage.get(STORAGE_KEYS.chunkReloadAt) ?? 0);
  if (now - last <= CHUNK_RELOAD_WINDOW_MS) return false;
  storage.set(STORAGE_KEYS.chunkReloadAt, String(now));
  window.location.reload();
  return true;
}
