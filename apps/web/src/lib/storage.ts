import { STORAGE_KEYS } from '@portal/contracts/constants';

/** Local storage that never throws (private mode, full quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the value lives for this page only */
    }
  },
  remove(key: string) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
  /** spec 01 §4: logout clears every client store. */
  clearPortalKeys() {
    for (const key of Object.values(STORAGE_KEYS)) storage.remove(key);
  },
};
