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
