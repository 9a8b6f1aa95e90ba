/** The simulated device cloud's door: the interface a device cloud implements, and the fleet behind it. */
export * from './api.ts';
export type { SqlClient, FleetStore, DeviceRecord, JobRecord, LogQuery, FleetCounts } from './store.ts';
export { createMemoryStore } from './memory-store.ts';
export { createSqlStore } from './sql-store.ts';
export type { SimDelays, SimulatorOptions, SimulatedCloud } from './simulator.ts';
export { createSimulatedCloud, DEFAULT_SIM_DELAYS } from './simulator.ts';
export { DEMO_DEVICE_KEYS, generatedDeviceKey } from './fleet.ts';
export { DEFAULT_KEYLOCKER_PINS } from './models.ts';
export { OPTION_TABLE_DEFINITIONS } from './option-tables.ts';
