import type { CompletedCheckout } from '@portal/contracts';
import { completedCheckoutSchema } from '@portal/contracts/cart';
import { STORAGE_KEYS } from '@portal/contracts/constants';
import { storage } from '../../lib/storage.ts';

/**
 * The last order placed in this browser (spec 01 §9, spec 02 §9 "checkout confirmation"): the complete
 * page reads it, so a reload still shows the order. Under STORAGE_KEYS, so signing out clears it.
 */
export const saveConfirmation = (confirmation: CompletedCheckout) =>
  storage.set(STORAGE_KEYS.checkoutConfirmation, JSON.stringify(confirmation));

/** The stored confirmation, or null when there is none or it is not one (an old shape, a hand edit). */
export function readConfirmation(): CompletedCheckout | null {
  const raw = storage.get(STORAGE_KEYS.checkoutConfirmation);
  if (!raw) return null;
  try {
    const parsed = completedCheckoutSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
