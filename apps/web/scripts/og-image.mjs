/**
 * Draws a page's 1200 x 630 link preview (og:image) as SVG and rasterises it with sharp: the brand colours, the
 * logo mark, the page title and the tagline. Original artwork, made at build time, and by the server for a page whose
 * title the published content changed (docs/decisions/0043).
 */
import sharp from 'sharp';

const escapeXml = (value) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Breaks a title into lines of at most `max` characters, on word boundaries. */
function wrap(text, max) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

export function ogImageSvg({ title, eyebrow, brand }) {
  const lines = wrap(title, 26);
  const fontSize = lines.length > 2 ? 60 : 68;
  const titleText = lines
    .map((line, index) => `<tspan x="80" dy="${index === 0 ? 0 : fontSize * 1.15}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${brand.colours.brandDark}"/>
      <stop offset="1" stop-color="${brand.colours.brand}"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="1060" cy="120" r="220" fill="#ffffff" opacity="0.06"/>
  <circle cx="1120" cy="560" r="160" fill="${brand.colours.accent}" opacity="0.9"/>
  <rect x="80" y="64" width="72" height="72" rx="18" fill="${brand.colours.accent}"/>
  <path d="M102 122V86h17a11 11 0 0 1 3.2 21.6L130 122h-10l-8.6-14H111v14z M111 100.4h7.4a3.8 3.8 0 0 0 0-7.4H111z" fill="#161616"/>
  <text x="172" y="96" font-family="Poppins, DejaVu Sans, sans-serif" font-weight="700" font-size="30" fill="#ffffff">${escapeXml(brand.name)}</text>
  <text x="172" y="130" font-family="Poppins, DejaVu Sans, sans-serif" font-size="22" fill="#ffd2b3">${escapeXml(brand.tagline)}</text>
  <text x="80" y="250" font-family="Poppins, DejaVu Sans, sans-serif" font-weight="700" font-size="24" letter-spacing="3" fill="#ffb27f">${escapeXml(eyebrow.toUpperCase())}</text>
  <text x="80" y="${250 + fontSize + 24}" font-family="Poppins, DejaVu Sans, sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff">${titleText}</text>
  <rect x="80" y="560" width="120" height="8" rx="4" fill="${brand.colours.accent}"/>
</svg>`;
}

/** The preview as PNG bytes: the build writes them to a file, the server keeps those of a changed title in memory. */
export function ogImagePng(options) {
  return sharp(Buffer.from(ogImageSvg(options)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
