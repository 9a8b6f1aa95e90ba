import { receiptSchema, type Receipt } from '@portal/contracts/billing';
import { storage, WEB_STORAGE_KEYS } from '../../lib/storage.ts';

/**
 * The last invoice payment's receipt in this browser (like the checkout confirmation, spec 02 §9): the
 * complete page reads it, so a reload still shows it. Cleared at sign-out with the portal's other keys.
 */
export const saveReceipt = (receipt: Receipt) => storage.set(WEB_STORAGE_KEYS.invoiceReceipt, JSON.stringify(receipt));

/** The stored receipt, or null when there is none or it is not one (an old shape, a hand edit). */
export function readReceipt(): Receipt | null {
  const raw = storage.get(WEB_STORAGE_KEYS.invoiceReceipt);
  if (!raw) return null;
  try {
    const parsed = receiptSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
