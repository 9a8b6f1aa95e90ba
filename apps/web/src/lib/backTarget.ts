import { createStore } from '../components/store.ts';

/**
 * spec 01 §2.4 back button: an area (wiring, activation) may register its own step-back; elsewhere
 * the back button goes to the previous page, or home when there is none.
 */
export const backHandlerStore = createStore<(() => void) | null>(null);
