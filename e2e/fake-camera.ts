import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const bwipjs = require('bwip-js') as { toBuffer(options: Record<string, unknown>): Promise<Buffer> };
const { PNG } = require('pngjs') as {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
};

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`): one portrait frame, 720 × 1280 as
 * a phone's rear camera gives, of a door-jamb label — `text` as a vertical Code 39 barcode on white. Y4M (4:2:0),
 * which Chromium loops.
 */
export async function writeVinLabelVideo(path: string, text: string) {
  const width = 720;
  const height = 1280;
  const png = await bwipjs.toBuffer({
    bcid: 'code39',
    text,
    scale: 3,
    height: 16,
    rotate: 'R',
    backgroundcolor: 'FFFFFF',
  });
  const label = PNG.sync.read(png);
  const luma = Buffer.alloc(width * height, 235);
  const left = Math.floor((width - label.width) / 2);
  const top = Math.floor((height - label.height) / 2);
  for (let y = 0; y < label.height; y++)
    for (let x = 0; x < label.width; x++) {
      const at = (y * label.width + x) * 4;
      const grey = 0.299 * label.data[at]! + 0.587 * label.data[at + 1]! + 0.114 * label.data[at + 2]!;
      // Video range: black 16, white 235.
      luma[(top + y) * width + left + x] = Math.round(16 + (grey / 255) * 219);
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(path, Buffer.concat([header, luma, chroma]));
}
