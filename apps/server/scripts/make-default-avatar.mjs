// Draws the default avatar (an original SVG: a person's outline on the brand blue) and writes
// assets/default-avatar.png. Run again only to change the drawing; the PNG is committed.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const SIZE = 256;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 256 256">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2a2fc4"/>
      <stop offset="1" stop-color="#1b1fa8"/>
    </linearGradient>
    <clipPath id="round"><circle cx="128" cy="128" r="128"/></clipPath>
  </defs>
  <g clip-path="url(#round)">
    <rect width="256" height="256" fill="url(#bg)"/>
    <circle cx="128" cy="100" r="46" fill="#f8f8f8"/>
    <path d="M40 256c0-56 39-92 88-92s88 36 88 92z" fill="#f8f8f8"/>
    <circle cx="186" cy="70" r="14" fill="none" stroke="#ff6600" stroke-width="8"/>
  </g>
</svg>`;

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'default-avatar.png');
await mkdir(path.dirname(target), { recursive: true });
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(target);
console.log(`wrote ${target}`);
