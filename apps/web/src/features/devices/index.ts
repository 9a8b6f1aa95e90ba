// The devices feature's door (issue 29 §5): what other features show of it.
export { DeviceSearchHint, DevicesCard } from './links.tsx';
