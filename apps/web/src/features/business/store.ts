import { createLazyStore, createStore } from '../../components/store.ts';
import { registerClientStore } from '../../lib/clientStores.ts';

/** Whether the select-business modal is open (spec 01 §2.3: it lives in the default layout). */
export const selectBusinessStore = createStore(false);

/**
 * Opens the select-business modal. spec 01 §6: a sales rep without a business who tries to add
 * to cart is asked to select one first — the cart calls this.
 */
export const openSelectBusiness = () => selectBusinessStore.set(true);
export const closeSelectBusiness = () => selectBusinessStore.set(false);

/**
 * spec 01 §3 auth state `canadaUserOptedToStay`: "Stay on this site" was chosen. Kept for this
 * tab (session storage) so a reload does not ask again; emptied on logout with the other stores.
 */
const OPTED_TO_STAY_KEY = 'portal.canadaOptedToStay';

function readOptedToStay() {
  try {
    return window.sessionStorage.getItem(OPTED_TO_STAY_KEY) === '1';
  } catch {
    return false;
  }
}

// Read when a page first asks (issue 31: session storage is opened only for a business that could be asked).
export const optedToStayStore = createLazyStore(() => (typeof window === 'undefined' ? false : readOptedToStay()));

export function setOptedToStay(value: boolean) {
  optedToStayStore.set(value);
  try {
    if (value) window.sessionStorage.setItem(OPTED_TO_STAY_KEY, '1');
    else window.sessionStorage.removeItem(OPTED_TO_STAY_KEY);
  } catch {
    /* storage unavailable: the choice lives for this page only */
  }
}

registerClientStore(() => {
  selectBusinessStore.set(false);
  setOptedToStay(false);
});
