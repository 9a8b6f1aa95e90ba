/** What the VIN scan says (issue 31 item 1): in words, never the browser's error names. */
export const VIN_SCAN_TEXTS = {
  button: 'Scan',
  buttonLabel: 'Scan the VIN barcode with the camera',
  title: 'Scan the VIN',
  starting: 'Starting the camera…',
  aim: 'Point the camera at the VIN barcode on the door jamb or the windshield label. Upright or sideways, both read.',
  torchOn: 'Light on',
  torchOff: 'Light off',
  cancel: 'Type it instead',
  noCamera: 'This browser can’t open a camera here. Type the VIN instead.',
  denied: 'The camera is blocked for this site. Allow it in your browser’s settings to scan, or type the VIN.',
  notFound: 'No camera was found on this device. Type the VIN instead.',
  busy: 'Another app is using the camera. Close it and scan again, or type the VIN.',
  failed: 'The camera could not start. Scan again, or type the VIN.',
  readerFailed: 'The barcode reader could not start. Type the VIN instead.',
  notAVin: 'That barcode is not the VIN. Look for the one beside the letters VIN.',
  checkDigit: (read: string) =>
    `Read ${read}, but its check digit does not match: that was a misread. Hold steady and it reads again.`,
  found: (vin: string) => `Scanned VIN ${vin}.`,
} as const;

/** Why the camera did not open, from getUserMedia's refusal (a DOMException's name). */
export function cameraProblemOf(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return VIN_SCAN_TEXTS.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return VIN_SCAN_TEXTS.notFound;
  if (name === 'NotReadableError' || name === 'AbortError') return VIN_SCAN_TEXTS.busy;
  return VIN_SCAN_TEXTS.failed;
}
