// `npx tsx apps/web/build/make-icons.ts`: draws the app icons of the web manifest (issue 9) from
// public/favicon.svg's shapes into public/icons/. Run once; the PNGs are committed. Plain Node (no
// image library): the favicon is a rounded square and one polygon, few enough to rasterise here.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

type Point = readonly [number, number];

const BRAND = [0x03, 0x69, 0xa1] as const; // brand-700, the favicon and theme colour
const WHITE = [0xff, 0xff, 0xff] as const;
/** favicon.svg's plane, `M14 38l36-14-6 6 8 2-4 4-10-2-8 8h-5l4-9-9-1z`, in absolute points. */
const PLANE: Point[] = [
  [14, 38],
  [50, 24],
  [44, 30],
  [52, 32],
  [48, 36],
  [38, 34],
  [30, 42],
  [25, 42],
  [29, 33],
  [20, 32],
];
const VIEWBOX = 64;
const SAMPLES = 4; // 4×4 samples per pixel smooth the edges

/** SVG's default nonzero rule. */
function isInPolygon([x, y]: Point, polygon: Point[]): boolean {
  let winding = 0;
  for (let i = 0; i < polygon.length; i += 1) {
    const [x1, y1] = polygon[i]!;
    const [x2, y2] = polygon[(i + 1) % polygon.length]!;
    const side = (x2 - x1) * (y - y1) - (x - x1) * (y2 - y1);
    if (y1 <= y && y2 > y && side > 0) winding += 1;
    else if (y1 > y && y2 <= y && side < 0) winding -= 1;
  }
  return winding !== 0;
}

function isInRoundedSquare([x, y]: Point, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), VIEWBOX - radius);
  const cy = Math.min(Math.max(y, radius), VIEWBOX - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * RGBA rows of the icon, with filter bytes. `maskable`: a full-bleed square, since launchers (and
 * iOS) crop it to their own shape; the plane already lies within the safe zone, 20 of 25.6 units
 * from the centre.
 */
function draw(size: number, maskable: boolean): Buffer {
  const toViewBox = (pixel: number) => (pixel / size) * VIEWBOX;
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py += 1) {
    const row = py * (size * 4 + 1);
    for (let px = 0; px < size; px += 1) {
      let background = 0;
      let plane = 0;
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const point: Point = [
            toViewBox(px + (sx + 0.5) / SAMPLES),
            toViewBox(py + (sy + 0.5) / SAMPLES),
          ];
          if (!maskable && !isInRoundedSquare(point, 14)) continue;
          background += 1;
          if (isInPolygon(point, PLANE)) plane += 1;
        }
      }
      const white = background === 0 ? 0 : plane / background;
      const offset = row + 1 + px * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        rows[offset + channel] = Math.round(
          BRAND[channel]! * (1 - white) + WHITE[channel]! * white,
        );
      }
      rows[offset + 3] = Math.round((background / SAMPLES ** 2) * 255);
    }
  }
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, maskable: boolean): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(draw(size, maskable), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const publicDir = path.resolve(import.meta.dirname, '../public');
fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
for (const [name, size, maskable] of [
  ['icons/icon-192.png', 192, false],
  ['icons/icon-512.png', 512, false],
  ['icons/maskable-512.png', 512, true],
  // Safari asks for this path by itself when no <link rel="apple-touch-icon"> names another.
  ['apple-touch-icon.png', 180, true],
] as const) {
  fs.writeFileSync(path.join(publicDir, name), png(size, maskable));
  console.log(`public/${name}`);
}
