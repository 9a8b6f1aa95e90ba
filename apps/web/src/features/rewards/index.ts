/** The rewards feature's door: what other features (the activation's device-rewards step) may use. */
export { payoutsQuery } from './api.ts';
export { PayoutsPanel } from './PayoutsPanel.tsx';
