/** The devices module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
// Who may drive a device (issue 28 §5): the event stream asks the same question as every device call.
export {
  createDeviceAccess,
  fromCloud,
  isInvalidInstallerAccount,
  refusalOfCloudError,
  type DeviceAccess,
  type DeviceAccessFor,
  type DeviceProof,
} from './access.ts';
// The device calls of spec 02 §7 (issue 28 §3), registered by app.ts.
export { allowedActivationTypesOf, createDeviceService, deviceOf, type DeviceService } from './service.ts';
export { deviceRoutes, refuseInvalidInstallerAccount } from './routes.ts';
// The live event stream (issue 28 §4): the relay of the cloud's events and GET /api/device/{key}/events.
export { createDeviceEventRelay, settleDeviceCommand } from './events.ts';
export { deviceEventRoutes } from './events-routes.ts';
