/**
 * The barcode reader under the VIN scan (issue 31 item 1), fed with generated labels of real VINs: ZXing-C++ as
 * WebAssembly, the engine of the polyfill a phone without a native BarcodeDetector uses, called with the options
 * the polyfill passes it (VIN_FORMATS, plain text), then the same `vinFromScan` the Scan button applies.
 * Code 39 and Code 128 (often printed vertically on door jambs), Data Matrix and QR; upright, turned a quarter,
 * tilted, blurred, and with the 'I' import marker before the VIN.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { vinFromScan } from '@portal/contracts/vin';
import { VIN_FORMATS, zxingFormatOf } from './formats.ts';

const require = createRequire(import.meta.url);
const bwipjs = require('bwip-js') as {
  toBuffer(options: Record<string, unknown>): Promise<Buffer>;
};
const { PNG } = require('pngjs') as {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
};

interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

// Real VINs with correct check digits: NHTSA's example, DEMO-DATA's vehicles, and decoders' test data.
const VINS = ['1HGCM82633A004352', '4T1B11HK1KU213547', '1FTEW1E4XLKD72315', '2HGFC2F52JH531246', 'JH4DA3344KS007957'];
const SYMBOLOGIES = { code_39: 'code39', code_128: 'code128', data_matrix: 'datamatrix', qr_code: 'qrcode' } as const;

async function label(
  symbology: keyof typeof SYMBOLOGIES,
  text: string,
  rotate: 'N' | 'R' | 'L' = 'N',
): Promise<Pixels> {
  const linear = symbology === 'code_39' || symbology === 'code_128';
  const png = await bwipjs.toBuffer({
    bcid: SYMBOLOGIES[symbology],
    text,
    scale: linear ? 3 : 4,
    ...(linear && { height: 15 }),
    rotate,
    paddingwidth: 24,
    paddingheight: 24,
    backgroundcolor: 'FFFFFF',
  });
  const image = PNG.sync.read(png);
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
}

/** Turned by `degrees` about its centre onto a larger white canvas (a label photographed at an angle). */
function tilt(image: Pixels, degrees: number): Pixels {
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const width = Math.ceil(Math.abs(image.width * cos) + Math.abs(image.height * sin));
  const height = Math.ceil(Math.abs(image.width * sin) + Math.abs(image.height * cos));
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const dx = x - width / 2;
      const dy = y - height / 2;
      const sx = Math.round(dx * cos + dy * sin + image.width / 2);
      const sy = Math.round(-dx * sin + dy * cos + image.height / 2);
      if (sx < 0 || sy < 0 || sx >= image.width || sy >= image.height) continue;
      const from = (sy * image.width + sx) * 4;
      data.set(image.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  return { width, height, data };
}

/** A box blur of the given radius, twice (close to a Gaussian): a label out of focus. */
function blur(image: Pixels, radius: number): Pixels {
  let current = image.data;
  for (let pass = 0; pass < 2; pass++) {
    const next = new Uint8ClampedArray(current.length);
    for (let y = 0; y < image.height; y++)
      for (let x = 0; x < image.width; x++)
        for (let c = 0; c < 4; c++) {
          let sum = 0;
          let count = 0;
          for (let oy = -radius; oy <= radius; oy++)
            for (let ox = -radius; ox <= radius; ox++) {
              const sx = x + ox;
              const sy = y + oy;
              if (sx < 0 || sy < 0 || sx >= image.width || sy >= image.height) continue;
              sum += current[(sy * image.width + sx) * 4 + c]!;
              count++;
            }
          next[(y * image.width + x) * 4 + c] = sum / count;
        }
    current = next;
  }
  return { ...image, data: current };
}

async function scan(image: Pixels) {
  const results = await readBarcodes({ ...image, colorSpace: 'srgb' } as ImageData, {
    formats: VIN_FORMATS.map(zxingFormatOf),
    textMode: 'Plain',
  });
  return results.map((result) => vinFromScan(result.text));
}

beforeAll(async () => {
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
});

describe('reading a VIN barcode (issue 31 item 1)', () => {
  for (const symbology of VIN_FORMATS)
    it(`${symbology}: every VIN, upright, with the 'I' import marker, turned a quarter, tilted and blurred`, async () => {
      for (const [n, vin] of VINS.entries()) {
        expect(await scan(await label(symbology, vin))).toEqual([{ vin }]);
        expect(await scan(await label(symbology, `I${vin}`))).toEqual([{ vin }]);
        // Vertical, as on many door jambs: read without turning the phone.
        expect(await scan(await label(symbology, vin, n % 2 ? 'R' : 'L'))).toEqual([{ vin }]);
        // Held a little askew (a 1-D code is read along a line: a few degrees; a 2-D one at any angle).
        const askew = symbology === 'code_39' || symbology === 'code_128' ? 2 + n : 10 + n * 15;
        expect(await scan(tilt(await label(symbology, vin), askew))).toEqual([{ vin }]);
        expect(await scan(blur(await label(symbology, vin), 1))).toEqual([{ vin }]);
      }
    });

  it('a label whose VIN has a wrong check digit is read, and said to be wrong, never taken', async () => {
    const misread = '1HGCM82633A004353';
    expect(await scan(await label('code_39', misread))).toEqual([{ problem: 'check-digit', read: misread }]);
  });

  it('a barcode that is not a VIN (a part number) is not taken for one', async () => {
    expect(await scan(await label('code_128', 'PN 08E91-E37-100'))).toEqual([{ problem: 'not-a-vin' }]);
  });
});
