import type { ApiErrorBody } from '@portal/contracts';
import { messages } from '@portal/contracts/messages';

/** What an API error tells (ApiError of ./api.ts, which calls us: named by shape, not imported, so no cycle). */
interface FailedCall {
  status: number;
  body: ApiErrorBody | null;
}

let handler: (() => void) | null = null;

/** The app registers what a forced logout does (clear the stores, go to /login). */
export function onForcedLogout(fn: () => void) {
  handler = fn;
}

/**
 * spec 01 §8: the detail 'Your login credentials need to be refreshed…' (a revoked or expired
 * session) logs the user out to /login.
 */
export function checkForcedLogout(error: FailedCall) {
  if (error.status === 401 && error.body?.detail === messages.credentialsNeedRefresh) handler?.();
}
