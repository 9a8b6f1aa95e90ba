import { VIN_FORMATS } from './formats.ts';

/** What the scanner needs of a barcode detector: the Barcode Detection API's `detect`. */
export interface VinDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): VinDetector;
  getSupportedFormats(): Promise<string[]>;
}

let polyfill: Promise<DetectorClass> | null = null;

/**
 * The browser's own BarcodeDetector where it reads every VIN symbology (Chrome on Android, Safari on macOS), else the
 * maintained WebAssembly polyfill (barcode-detector, ZXing-C++): iOS Safari and desktop Chromium on Linux have none.
 * The polyfill and its .wasm are loaded only when a scan starts, from this server (never a CDN: the camera must
 * work on a phone with the portal's own origin only, and under its Content Security Policy).
 */
export async function createVinDetector(): Promise<VinDetector> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (VIN_FORMATS.every((format) => supported.includes(format))) return new Native({ formats: [...VIN_FORMATS] });
  }
  polyfill ??= (async () => {
    const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
      import('barcode-detector/ponyfill'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ]);
    prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    });
    return BarcodeDetector as unknown as DetectorClass;
  })();
  const Polyfill = await polyfill.catch((error: unknown) => {
    polyfill = null;
    throw error;
  });
  return new Polyfill({ formats: [...VIN_FORMATS] });
}
