/** The simulated device cloud's door: the interface a device cloud implements, and the fleet behind it. */
export * from './api.ts';
