/** What other areas use of the VIN scan: the Scan button beside a VIN field (wiring, activation). */
export { VinScanButton } from './VinScanButton.tsx';
