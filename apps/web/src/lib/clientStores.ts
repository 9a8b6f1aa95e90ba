import type { QueryClient } from '@tanstack/react-query';
import { storage } from './storage.ts';
import { forgetOfflineData } from '../offline/register.ts';

const resets = new Set<() => void>();

/** In-memory stores (search field, quick order…) register how to empty themselves. */
export const registerClientStore = (reset: () => void) => void resets.add(reset);

/** spec 01 §4: logout clears all stores — stored keys, cached answers, what was kept for offline, in-memory state. */
export function clearClientStores(queryClient: QueryClient) {
  storage.clearPortalKeys();
  queryClient.clear();
  void forgetOfflineData();
  for (const reset of resets) reset();
}
