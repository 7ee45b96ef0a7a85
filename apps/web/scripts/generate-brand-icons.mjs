/** Rasterises public/favicon.svg into the PNG icons browsers and phones ask for. Run after changing the logo. */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = await readFile(join(PUBLIC_DIR, 'favicon.svg'));

for (const [file, size] of [
  ['favicon.png', 32],
  ['apple-touch-icon.png', 180],
]) {
  await sharp(svg, { density: 384 }).resize(size, size).png({ compressionLevel: 9 }).toFile(join(PUBLIC_DIR, file));
}
console.log('wrote favicon.png and apple-touch-icon.png');
