/**
 * The symbologies VIN labels are printed in (issue 31 item 1): Code 39 and Code 128 on door jambs and windshield
 * labels (1-D, often vertical), Data Matrix and QR on newer labels. Named as the Barcode Detection API names them.
 */
export const VIN_FORMATS = ['code_39', 'code_128', 'data_matrix', 'qr_code'] as const;
export type VinFormat = (typeof VIN_FORMATS)[number];

/** The same format as ZXing-C++ names it (what the WebAssembly polyfill passes on). */
export const zxingFormatOf = (format: VinFormat) =>
  (({ code_39: 'Code39', code_128: 'Code128', data_matrix: 'DataMatrix', qr_code: 'QRCode' }) as const)[format];
