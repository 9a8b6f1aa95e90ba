// Draws the home-screen icons (issue 31 item 2: the app installs) from the logo of public/favicon.svg — a navy
// rounded square with the orange 'P' stroke (M9 22V10h6.5a4.5 4.5 0 0 1 0 9H12, width 3, on 32 × 32) — as PNGs
// in apps/web/public/icons: 192 and 512, and a maskable 512 (full bleed, the mark inside the 80 % safe circle).
// Run: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pngjs from 'pngjs';

const NAVY = [0x14, 0x21, 0x3d];
const ORANGE = [0xfc, 0xa3, 0x11];
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/icons');

const segment = (px, py, ax, ay, bx, by) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
};
/** Distance from (x, y) in logo units to the 'P' stroke's centre line. */
function toStroke(x, y) {
  const arc = x >= 15.5 ? Math.abs(Math.hypot(x - 15.5, y - 14.5) - 4.5) : Infinity;
  return Math.min(segment(x, y, 9, 22, 9, 10), segment(x, y, 9, 10, 15.5, 10), arc, segment(x, y, 15.5, 19, 12, 19));
}
const insideRounded = (x, y, size, r) => {
  const cx = Math.min(Math.max(x, r), size - r);
  const cy = Math.min(Math.max(y, r), size - r);
  return Math.hypot(x - cx, y - cy) <= r;
};

function icon(size, maskable) {
  const png = new pngjs.PNG({ width: size, height: size });
  const scale = maskable ? (size * 0.8) / 32 : size / 32;
  const offset = maskable ? size * 0.1 : 0;
  const samples = 4;
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const x = px + (sx + 0.5) / samples;
          const y = py + (sy + 0.5) / samples;
          const inBox = maskable || insideRounded(x, y, size, (6 / 32) * size);
          if (!inBox) continue;
          bg++;
          if (toStroke((x - offset) / scale, (y - offset) / scale) <= 1.5) fg++;
        }
      const n = samples * samples;
      const at = (py * size + px) * 4;
      const f = bg ? fg / bg : 0;
      for (let c = 0; c < 3; c++) png.data[at + c] = Math.round(NAVY[c] * (1 - f) + ORANGE[c] * f);
      png.data[at + 3] = Math.round((bg / n) * 255);
    }
  return pngjs.PNG.sync.write(png);
}

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'icon-192.png'), icon(192, false));
writeFileSync(path.join(out, 'icon-512.png'), icon(512, false));
writeFileSync(path.join(out, 'icon-maskable-512.png'), icon(512, true));
console.log(`icons written to ${out}`);
