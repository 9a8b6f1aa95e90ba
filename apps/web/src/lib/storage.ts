import { STORAGE_KEYS } from '@portal/contracts/constants';

/**
 * Keys of the web's own beside the spec's (STORAGE_KEYS): the last invoice payment's receipt (issue 19),
 * kept like the checkout confirmation so /invoice-payment/complete survives a reload. Cleared at sign-out too.
 */
export const WEB_STORAGE_KEYS = {
  invoiceReceipt: 'portal.invoiceReceipt',
} as const;

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
    for (const key of [...Object.values(STORAGE_KEYS), ...Object.values(WEB_STORAGE_KEYS)]) storage.remove(key);
  },
};
