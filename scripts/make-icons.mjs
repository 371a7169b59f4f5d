// Draws the tray icons (one per connection state: 16 px and @2x 32 px PNGs, and a Windows .ico of
// 16/20/24/32 px) and the 256 px app icon into assets/, and the staff page's icons into
// renderer/public/, with pngjs, so the images are reproducible
// from code. Run: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { icoOfPngs } from './ico.mjs';

const out = new URL('../assets/', import.meta.url);
mkdirSync(out, { recursive: true });

const STATES = {
  connected: [34, 160, 84], // green
  connecting: [230, 162, 20], // amber
  offline: [128, 128, 128], // grey
  rejected: [206, 44, 44], // red
};
const INK = [24, 55, 72]; // the app's dark teal

/** Anti-aliased coverage of a pixel by a shape, from 4x4 sub-samples. */
function coverage(x, y, inside) {
  let hits = 0;
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (inside(x + (i + 0.5) / 4, y + (j + 0.5) / 4)) hits++;
  return hits / 16;
}

function paint(png, x, y, [r, g, b], alpha) {
  if (alpha <= 0) return;
  const i = (png.width * y + x) << 2;
  const a0 = png.data[i + 3] / 255;
  const a = alpha + a0 * (1 - alpha);
  const mix = (c, old) => Math.round((c * alpha + old * a0 * (1 - alpha)) / a);
  png.data[i] = mix(r, png.data[i]);
  png.data[i + 1] = mix(g, png.data[i + 1]);
  png.data[i + 2] = mix(b, png.data[i + 2]);
  png.data[i + 3] = Math.round(a * 255);
}

function draw(size, layers) {
  const png = new PNG({ width: size, height: size });
  png.data.fill(0);
  for (const [color, inside] of layers) {
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) paint(png, x, y, color, coverage(x, y, inside));
  }
  return PNG.sync.write(png);
}

const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const roundedSquare = (s, pad, radius) => (x, y) => {
  const lo = pad + radius;
  const hi = s - pad - radius;
  const dx = Math.max(lo - x, 0, x - hi);
  const dy = Math.max(lo - y, 0, y - hi);
  return x >= pad && x <= s - pad && y >= pad && y <= s - pad && dx * dx + dy * dy <= radius * radius;
};
// A table seen from above (a "T" of top and leg) as the mark.
const tableMark = (s) => (x, y) => {
  const top = y >= s * 0.28 && y <= s * 0.42 && x >= s * 0.2 && x <= s * 0.8;
  const leg = x >= s * 0.43 && x <= s * 0.57 && y >= s * 0.42 && y <= s * 0.76;
  return top || leg;
};

// Tray: the dark mark with a status dot in the lower right corner.
const trayImage = (size, color) =>
  draw(size, [
    [INK, roundedSquare(size, size * 0.04, size * 0.2)],
    [[255, 255, 255], tableMark(size)],
    [[255, 255, 255], circle(size * 0.74, size * 0.74, size * 0.27)],
    [color, circle(size * 0.74, size * 0.74, size * 0.21)],
  ]);
// Windows' tray asks for 16 px at 100 % scaling, 20 at 125 %, 24 at 150 %, 32 at 200 %.
const ICO_SIZES = [16, 20, 24, 32];

for (const [state, color] of Object.entries(STATES)) {
  for (const [suffix, size] of [
    ['', 16],
    ['@2x', 32],
  ]) {
    writeFileSync(new URL(`tray-${state}${suffix}.png`, out), trayImage(size, color));
  }
  writeFileSync(new URL(`tray-${state}.ico`, out), icoOfPngs(ICO_SIZES.map((size) => ({ size, png: trayImage(size, color) }))));
}
writeFileSync(
  new URL('icon.png', out),
  draw(256, [
    [INK, roundedSquare(256, 8, 48)],
    [[255, 255, 255], tableMark(256)],
  ]),
);
// The waiters' phone page's home-screen icons (renderer/public, served beside staff.html): the mark
// on a full square, so a launcher that masks it to a circle or a squircle cuts only background.
const staffOut = new URL('../renderer/public/', import.meta.url);
mkdirSync(staffOut, { recursive: true });
for (const size of [192, 512]) {
  const full = (x, y) => x >= 0 && y >= 0 && x <= size && y <= size;
  const inner = (s) => (x, y) => tableMark(s * 0.7)(x - s * 0.15, y - s * 0.15);
  writeFileSync(
    new URL(`staff-icon-${size}.png`, staffOut),
    draw(size, [
      [INK, full],
      [[255, 255, 255], inner(size)],
    ]),
  );
}
console.log('make-icons: assets/ and renderer/public/ written');
