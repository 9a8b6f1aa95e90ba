import { createStore } from '../components/store.ts';

/**
 * The top bar's search type ('all', 'c:<slug>' or 'b:<slug>') and term, shared by the desktop and
 * mobile fields. Here, not in the layout, because a feature resets it too.
 */
export const searchFieldStore = createStore({ type: 'all', term: '' });

/** spec 01 §4: a business change clears the product search state (unless on /search). */
export const resetSearchField = () => searchFieldStore.set({ type: 'all', term: '' });
