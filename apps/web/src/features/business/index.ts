// The business feature's door.
export { openSelectBusiness } from './store.ts';
