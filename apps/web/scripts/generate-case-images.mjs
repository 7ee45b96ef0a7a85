#!/usr/bin/env node
/**
 * Draws the portfolio images as SVG: for each case study a 1200 x 800 mock-up (a browser and a phone showing an
 * abstract version of the client's site in its own colours) and a 640 x 420 carousel thumbnail.
 *
 *   node apps/web/scripts/generate-case-images.mjs            writes public/images/cases and public/images/portfolio
 *                                                             (plus a 1200 x 630 JPEG link preview per case, via sharp)
 *   node apps/web/scripts/generate-case-images.mjs --png DIR  also renders every SVG to PNG in DIR, for a visual check
 *
 * The SVGs are committed; run this again after changing a client's colours or layout here.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');
const FONT = 'Helvetica, Arial, sans-serif';

/** Desktop pages are drawn on a 1000 x 620 canvas, phone pages on 320 x 676, then scaled into their frames. */
const DESKTOP = { w: 1000, h: 620 };
const PHONE = { w: 320, h: 676 };

const CLIENTS = [
  {
    slug: 'planetlaundromat',
    brand: 'Planet Laundromat',
    domain: 'planetlaundromat.com',
    headline: ['Fresh laundry,', 'zero stress'],
    cta: 'Book pickup',
    art: 'washer',
    body: 'prices',
    c: {
      backdrop: '#d8f3f6',
      nav: '#0b6e80',
      navText: '#ffffff',
      hero: '#e6f8fa',
      heroText: '#073b45',
      accent: '#ffb020',
      accentText: '#1f1500',
      surface: '#ffffff',
      card: '#f3fbfc',
      ink: '#073b45',
      soft: '#b7e3ea',
      art: '#0b6e80',
      art2: '#5cc8d6',
    },
  },
  {
    slug: 'acelubricant',
    brand: 'ACE LUBRICANT',
    domain: 'acelubricant.com',
    headline: ['Engine oils', 'built to last'],
    cta: 'Our products',
    art: 'bottles',
    body: 'bottles',
    c: {
      backdrop: '#f4efdc',
      nav: '#1f1f23',
      navText: '#ffd400',
      hero: '#2b2b31',
      heroText: '#ffffff',
      accent: '#ffd400',
      accentText: '#1f1f23',
      surface: '#f6f6f4',
      card: '#ffffff',
      ink: '#2b2b31',
      soft: '#d9d9d4',
      art: '#ffd400',
      art2: '#e8a400',
    },
  },
  {
    slug: 'marvelmarts',
    brand: 'Marvel Marts',
    domain: 'marvelmarts.com',
    headline: ['Everything you need,', 'delivered today'],
    cta: 'Shop now',
    art: 'bag',
    body: 'products',
    c: {
      backdrop: '#efe6fb',
      nav: '#5b21b6',
      navText: '#ffffff',
      hero: '#f5efff',
      heroText: '#3b0d80',
      accent: '#ff7a1a',
      accentText: '#2a1000',
      surface: '#ffffff',
      card: '#faf7ff',
      ink: '#3b0d80',
      soft: '#ddd0f5',
      art: '#7c3aed',
      art2: '#ff7a1a',
    },
  },
  {
    slug: 'myduduke',
    brand: 'MyDuduke',
    domain: 'myduduke.com',
    headline: ['Love rooted', 'in faith'],
    cta: 'Join free',
    art: 'hearts',
    body: 'profiles',
    c: {
      backdrop: '#fbe7ee',
      nav: '#9d174d',
      navText: '#ffffff',
      hero: '#fff1f5',
      heroText: '#6b0f35',
      accent: '#e11d48',
      accentText: '#ffffff',
      surface: '#ffffff',
      card: '#fff7fa',
      ink: '#6b0f35',
      soft: '#f5c6d6',
      art: '#e11d48',
      art2: '#f59eb8',
    },
  },
  {
    slug: 'moplimoservices',
    brand: 'MOP LIMO',
    domain: 'moplimoservices.com',
    headline: ['Arrive in', 'style'],
    cta: 'Get a quote',
    art: 'car',
    body: 'fleet',
    c: {
      backdrop: '#ece6d6',
      nav: '#0d0d0f',
      navText: '#d4af37',
      hero: '#16161a',
      heroText: '#f5f0e1',
      accent: '#d4af37',
      accentText: '#111111',
      surface: '#1e1e23',
      card: '#28282e',
      ink: '#d4af37',
      soft: '#55555f',
      art: '#d4af37',
      art2: '#8a8a93',
    },
  },
  {
    slug: 'follyslobyng-1093563',
    brand: 'FOLLYSLOB',
    domain: 'follyslobyng.com',
    headline: ['Cargo moved,', 'on time'],
    cta: 'Track shipment',
    art: 'truck',
    body: 'tracking',
    c: {
      backdrop: '#e3e8f3',
      nav: '#0f2a5c',
      navText: '#ffffff',
      hero: '#12336e',
      heroText: '#ffffff',
      accent: '#e63946',
      accentText: '#ffffff',
      surface: '#f4f6fa',
      card: '#ffffff',
      ink: '#0f2a5c',
      soft: '#cfd7e6',
      art: '#e63946',
      art2: '#8fb0e8',
    },
  },
  {
    slug: 'stpaulwithststephen',
    brand: 'St Paul with St Stephen',
    domain: 'stpaulwithststephen.org.uk',
    headline: ['All are', 'welcome'],
    cta: 'Service times',
    art: 'window',
    body: 'times',
    c: {
      backdrop: '#ece6f3',
      nav: '#3b1f5e',
      navText: '#f3e9c6',
      hero: '#f7f2e6',
      heroText: '#3b1f5e',
      accent: '#c9a227',
      accentText: '#241335',
      surface: '#fffdf8',
      card: '#ffffff',
      ink: '#3b1f5e',
      soft: '#e4dccb',
      art: '#3b1f5e',
      art2: '#c9a227',
    },
  },
  {
    slug: 'elfrenllc',
    brand: 'ELFREN LLC',
    domain: 'elfrenllc.com',
    headline: ['Spotless spaces,', 'cared for'],
    cta: 'Free estimate',
    art: 'building',
    body: 'services',
    c: {
      backdrop: '#e2ebf0',
      nav: '#2f4858',
      navText: '#ffffff',
      hero: '#edf3f6',
      heroText: '#1e3340',
      accent: '#2fa36b',
      accentText: '#ffffff',
      surface: '#ffffff',
      card: '#f5f9fa',
      ink: '#2f4858',
      soft: '#cddbe3',
      art: '#2f4858',
      art2: '#2fa36b',
    },
  },
  {
    slug: 'hoperisecharity',
    brand: 'HopeRise',
    domain: 'hoperisecharity.org',
    headline: ['Give hope,', 'change lives'],
    cta: 'Donate',
    art: 'sunrise',
    body: 'donate',
    c: {
      backdrop: '#fdebd8',
      nav: '#b8430e',
      navText: '#ffffff',
      hero: '#fff4e8',
      heroText: '#6b2a05',
      accent: '#1f8a4c',
      accentText: '#ffffff',
      surface: '#ffffff',
      card: '#fffaf3',
      ink: '#6b2a05',
      soft: '#f6d8b8',
      art: '#f28c28',
      art2: '#1f8a4c',
    },
  },
];

/* ---------- primitives ---------- */

const esc = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const r = (n) => Math.round(n * 10) / 10;

function rect(x, y, w, h, fill, rx = 0, extra = '') {
  const corner = rx ? ` rx="${r(rx)}"` : '';
  return `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}"${corner} fill="${fill}"${extra}/>`;
}
const circle = (cx, cy, radius, fill, extra = '') =>
  `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="${fill}"${extra}/>`;
const text = (x, y, size, fill, content, weight = 700, anchor = 'start') =>
  `<text x="${r(x)}" y="${r(y)}" font-size="${size}" font-weight="${weight}" fill="${fill}"${
    anchor === 'start' ? '' : ` text-anchor="${anchor}"`
  }>${esc(content)}</text>`;
/** A rounded bar standing for a line of text. */
const line = (x, y, w, fill, h = 8) => rect(x, y, w, h, fill, h / 2);
const group = (tx, ty, scale, content) =>
  `<g transform="translate(${r(tx)} ${r(ty)})${scale === 1 ? '' : ` scale(${scale})`}">${content}</g>`;

function button(x, y, label, c, size = 16) {
  const w = label.length * size * 0.6 + size * 2;
  const h = size * 2.5;
  return rect(x, y, w, h, c.accent, h / 2) + text(x + w / 2, y + h * 0.64, size, c.accentText, label, 700, 'middle');
}

const HEART = 'M0 6C-8 0-12-6-6-10C-3-12 0-10 0-7C0-10 3-12 6-10C12-6 8 0 0 6Z';
const heart = (cx, cy, scale, fill) =>
  `<path transform="translate(${r(cx)} ${r(cy)}) scale(${scale})" d="${HEART}" fill="${fill}"/>`;

/** Grid of equal cells inside a box, each drawn by `cell(x, y, w, h, index)`. */
function grid(box, cols, rows, gap, cell) {
  const w = (box.w - gap * (cols - 1)) / cols;
  const h = (box.h - gap * (rows - 1)) / rows;
  let out = '';
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) {
      out += cell(box.x + col * (w + gap), box.y + row * (h + gap), w, h, row * cols + col);
    }
  }
  return out;
}

/* ---------- hero illustrations (drawn around 0,0, about 300 x 200) ---------- */

const ART = {
  washer: (c) =>
    rect(-70, -95, 140, 190, '#ffffff', 14) +
    rect(-70, -95, 140, 34, c.soft, 14) +
    rect(-70, -75, 140, 14, c.soft) +
    circle(-45, -78, 6, c.art) +
    circle(-25, -78, 6, c.art2) +
    circle(15, 10, 46, c.art) +
    circle(15, 10, 34, c.art2) +
    circle(2, 0, 8, '#ffffff', ' opacity=".7"') +
    circle(-120, -40, 14, c.art2, ' opacity=".5"') +
    circle(105, -70, 10, c.art2, ' opacity=".6"') +
    circle(120, 40, 18, c.art2, ' opacity=".4"'),
  bottles: (c) =>
    rect(-110, -60, 90, 150, c.art, 16) +
    rect(-85, -80, 40, 24, c.art2, 6) +
    rect(-100, -10, 70, 50, c.accentText, 6) +
    line(-90, 5, 50, c.art) +
    line(-90, 20, 30, c.art2) +
    rect(10, -100, 110, 190, c.art2, 18) +
    rect(40, -122, 50, 26, c.art, 8) +
    rect(22, -30, 86, 64, c.accentText, 6) +
    line(34, -12, 60, c.art2) +
    line(34, 6, 40, c.art),
  bag: (c) =>
    `<path d="M-40-60a40 40 0 0 1 80 0" fill="none" stroke="${c.art}" stroke-width="10"/>` +
    rect(-80, -60, 160, 150, c.art, 16) +
    rect(-80, -60, 160, 28, c.ink, 16) +
    circle(0, 20, 32, c.art2) +
    heart(0, 22, 2.2, '#ffffff') +
    rect(95, -40, 70, 40, c.art2, 8) +
    text(130, -13, 18, c.accentText, '-20%', 700, 'middle'),
  hearts: (c) =>
    circle(-60, 0, 62, c.art2) +
    circle(-60, -12, 22, '#ffffff') +
    `<path d="M-98 45a38 30 0 0 1 76 0Z" fill="#ffffff"/>` +
    circle(60, 0, 62, c.soft) +
    circle(60, -12, 22, '#ffffff') +
    `<path d="M22 45a38 30 0 0 1 76 0Z" fill="#ffffff"/>` +
    circle(0, 70, 30, c.art) +
    heart(0, 72, 2.1, '#ffffff'),
  car: (c) =>
    `<path d="M-150 30L-110-10-40-22H60L110 0 145 8Q155 12 155 24V42H-155V34Z" fill="${c.art}"/>` +
    `<path d="M-96-6L-62-16H-10V4H-96ZM4-16H52L88 4H4Z" fill="${c.hero}" opacity=".8"/>` +
    circle(-95, 44, 22, '#0d0d0f') +
    circle(-95, 44, 10, c.art2) +
    circle(95, 44, 22, '#0d0d0f') +
    circle(95, 44, 10, c.art2) +
    rect(-170, 80, 340, 4, c.art, 2, ' opacity=".4"'),
  truck: (c) =>
    rect(-150, -70, 190, 120, '#ffffff', 8) +
    rect(-150, -70, 190, 22, c.art, 8) +
    rect(-150, -56, 190, 8, c.art) +
    rect(-130, -30, 120, 10, c.art2, 5) +
    rect(-130, -10, 80, 10, c.art2, 5) +
    `<path d="M48-40H110L145 5V50H48Z" fill="${c.art}"/>` +
    `<path d="M62-28H104L128 4H62Z" fill="${c.art2}"/>` +
    circle(-105, 56, 20, '#0b1630') +
    circle(-105, 56, 8, c.art2) +
    circle(100, 56, 20, '#0b1630') +
    circle(100, 56, 8, c.art2),
  window: (c) =>
    `<path d="M-70 100V-30A70 70 0 0 1 70-30V100Z" fill="${c.art}"/>` +
    `<path d="M-54 100V-26A54 54 0 0 1 54-26V100Z" fill="${c.art2}" opacity=".35"/>` +
    rect(-4, -70, 8, 170, c.art) +
    rect(-54, 0, 108, 8, c.art) +
    circle(0, -40, 14, c.art2) +
    rect(-120, 100, 240, 8, c.art, 4, ' opacity=".5"'),
  building: (c) =>
    rect(-100, -90, 120, 190, c.art, 8) +
    grid({ x: -86, y: -74, w: 92, h: 140 }, 3, 5, 10, (x, y, w, h) => rect(x, y, w, h, c.soft, 3)) +
    rect(30, -20, 90, 120, c.art2, 8) +
    rect(58, 50, 34, 50, '#ffffff', 4) +
    `<path d="M130-80l8 18 18 8-18 8-8 18-8-18-18-8 18-8Z" fill="${c.art2}"/>`,
  sunrise: (c) =>
    `<path d="M-130 60A130 130 0 0 1 130 60Z" fill="${c.art}"/>` +
    `<path d="M-90 60A90 90 0 0 1 90 60Z" fill="${c.soft}"/>` +
    heart(0, 20, 4, c.art2) +
    rect(-170, 60, 340, 10, c.art2, 5) +
    circle(-150, -60, 8, c.art, ' opacity=".6"') +
    circle(150, -40, 12, c.art2, ' opacity=".5"'),
};

/* ---------- page bodies: what sits under the hero (box in page units) ---------- */

function cardFrame(x, y, w, h, c) {
  return rect(x, y, w, h, c.card, 10, ` stroke="${c.soft}" stroke-width="2"`);
}

const BODY = {
  prices: (box, c, cols) =>
    grid(
      box,
      cols,
      1,
      20,
      (x, y, w, h, i) =>
        cardFrame(x, y, w, h, c) +
        circle(x + 36, y + 36, 18, [c.art, c.art2, c.accent][i % 3]) +
        line(x + 20, y + 72, w * 0.55, c.ink, 10) +
        line(x + 20, y + 94, w * 0.75, c.soft) +
        line(x + 20, y + 110, w * 0.6, c.soft) +
        rect(x + 20, y + h - 44, w * 0.35, 24, c.art, 6),
    ),
  services: (box, c, cols) =>
    grid(
      box,
      cols,
      1,
      20,
      (x, y, w, h, i) =>
        cardFrame(x, y, w, h, c) +
        rect(x + 20, y + 20, 40, 40, i % 2 ? c.art2 : c.art, 8) +
        line(x + 20, y + 78, w * 0.6, c.ink, 10) +
        line(x + 20, y + 100, w * 0.8, c.soft) +
        line(x + 20, y + 116, w * 0.7, c.soft) +
        line(x + 20, y + h - 34, w * 0.3, c.art2, 10),
    ),
  bottles: (box, c, cols) =>
    grid(box, cols, 1, 16, (x, y, w, h, i) => {
      const cx = x + w / 2;
      return (
        cardFrame(x, y, w, h, c) +
        rect(x + 10, y + 10, w - 20, h * 0.52, c.hero, 8) +
        rect(cx - 22, y + 30, 44, h * 0.52 - 36, i % 2 ? c.art2 : c.art, 8) +
        rect(cx - 10, y + 20, 20, 12, c.art2, 3) +
        line(x + 16, y + h * 0.52 + 26, w * 0.6, c.ink) +
        line(x + 16, y + h * 0.52 + 44, w * 0.35, c.art2, 10)
      );
    }),
  products: (box, c, cols) =>
    grid(box, cols, 1, 16, (x, y, w, h, i) => {
      const shapeFill = [c.art, c.art2, c.soft, c.ink][i % 4];
      return (
        cardFrame(x, y, w, h, c) +
        rect(x + 10, y + 10, w - 20, h * 0.5, c.hero, 8) +
        circle(x + w / 2, y + 10 + h * 0.25, h * 0.15, shapeFill) +
        line(x + 16, y + h * 0.5 + 28, w * 0.65, c.ink) +
        line(x + 16, y + h * 0.5 + 46, w * 0.35, c.art2, 10) +
        circle(x + w - 28, y + h - 28, 14, c.accent)
      );
    }),
  profiles: (box, c, cols) =>
    grid(box, cols, 1, 16, (x, y, w, h, i) => {
      const cx = x + w / 2;
      return (
        cardFrame(x, y, w, h, c) +
        circle(cx, y + 58, 40, i % 2 ? c.soft : c.art2) +
        circle(cx, y + 50, 15, '#ffffff') +
        `<path d="M${r(cx - 24)} ${r(y + 88)}a24 20 0 0 1 48 0Z" fill="#ffffff"/>` +
        line(cx - w * 0.3, y + 118, w * 0.6, c.ink) +
        line(cx - w * 0.22, y + 136, w * 0.44, c.soft) +
        circle(cx, y + h - 32, 16, c.accent) +
        heart(cx, y + h - 31, 0.9, '#ffffff')
      );
    }),
  fleet: (box, c, cols) =>
    grid(box, cols, 1, 18, (x, y, w, h, i) => {
      const scale = (w - 40) / 320;
      return (
        cardFrame(x, y, w, h, c) +
        group(x + w / 2, y + h * 0.36, r(scale), ART.car({ ...c, art: i === 1 ? c.art2 : c.art, hero: c.card })) +
        line(x + 20, y + h * 0.66, w * 0.5, c.ink) +
        line(x + 20, y + h * 0.66 + 20, w * 0.7, c.soft) +
        line(x + 20, y + h - 30, w * 0.3, c.soft, 10)
      );
    }),
  tracking: (box, c) => {
    const { x, y, w } = box;
    const steps = 5;
    const gap = (w - 80) / (steps - 1);
    const labelW = Math.min(44, gap * 0.7);
    const narrow = w < 500;
    let out =
      cardFrame(x, y, w, box.h, c) +
      rect(x + 20, y + 20, w - 150, 44, c.surface, 22, ` stroke="${c.soft}" stroke-width="2"`) +
      line(x + 40, y + 38, Math.min(160, (w - 150) * 0.6), c.soft) +
      rect(x + w - 120, y + 20, 100, 44, c.accent, 22) +
      rect(x + 40, y + 112, w - 80, 6, c.soft, 3) +
      rect(x + 40, y + 112, gap * 3, 6, c.art, 3);
    for (let i = 0; i < steps; i += 1) {
      const done = i <= 3;
      out +=
        circle(
          x + 40 + i * gap,
          y + 115,
          14,
          done ? c.art : c.card,
          done ? '' : ` stroke="${c.soft}" stroke-width="4"`,
        ) + line(x + 40 + i * gap - labelW / 2, y + 146, labelW, done ? c.ink : c.soft);
    }
    for (let row = 0; row < 3; row += 1) {
      const rowY = y + 186 + row * 34;
      if (rowY + 20 > y + box.h) break;
      out +=
        circle(x + 30, rowY + 4, 6, row ? c.art2 : c.art) +
        line(x + 48, rowY, w * (narrow ? 0.6 : 0.4), c.ink) +
        (narrow ? '' : line(x + w - 140, rowY, 110, c.soft));
    }
    return out;
  },
  times: (box, c) => {
    const { x, y, w } = box;
    const wide = w > 500;
    const listW = wide ? w * 0.6 : w;
    let out = '';
    for (let row = 0; row < 4; row += 1) {
      const rowY = y + row * 66;
      if (rowY + 56 > y + box.h) break;
      out +=
        cardFrame(x, rowY, listW, 56, c) +
        rect(x + 12, rowY + 10, 64, 36, row % 2 ? c.art2 : c.art, 6) +
        line(x + 92, rowY + 16, listW * 0.4, c.ink) +
        line(x + 92, rowY + 34, listW * 0.28, c.soft);
    }
    if (wide) {
      const cardX = x + listW + 24;
      const cardW = w - listW - 24;
      out +=
        rect(cardX, y, cardW, box.h - 20, c.art, 12) +
        line(cardX + 24, y + 30, cardW * 0.5, c.art2, 12) +
        line(cardX + 24, y + 60, cardW * 0.75, c.soft) +
        line(cardX + 24, y + 78, cardW * 0.6, c.soft) +
        rect(cardX + 24, y + box.h - 84, cardW * 0.5, 40, c.accent, 20);
    }
    return out;
  },
  donate: (box, c, cols) => {
    const { x, y, w } = box;
    const bar = w - 48;
    const top =
      cardFrame(x, y, w, 92, c) +
      line(x + 24, y + 22, w * 0.35, c.ink, 10) +
      rect(x + 24, y + 46, bar, 16, c.soft, 8) +
      rect(x + 24, y + 46, bar * 0.72, 16, c.accent, 8) +
      line(x + 24, y + 72, w * 0.2, c.art, 8);
    return (
      top +
      grid(
        { x, y: y + 110, w, h: box.h - 110 },
        cols,
        1,
        16,
        (cx, cy, cw, ch, i) =>
          cardFrame(cx, cy, cw, ch, c) +
          rect(cx + 8, cy + 8, cw - 16, ch * 0.5, i % 2 ? c.soft : c.art, 6) +
          heart(cx + cw / 2, cy + 8 + ch * 0.25, 1.6, '#ffffff') +
          line(cx + 14, cy + ch * 0.5 + 22, cw * 0.6, c.ink) +
          line(cx + 14, cy + ch * 0.5 + 40, cw * 0.4, c.soft),
      )
    );
  },
};

/* ---------- whole pages ---------- */

function navLinks(x, y, c, count) {
  let out = '';
  for (let i = 0; i < count; i += 1) out += line(x + i * 78, y, 54, c.navText, 8).replace('/>', ' opacity=".75"/>');
  return out;
}

function desktopPage(client) {
  const { c } = client;
  const brandSize = client.brand.length > 16 ? 18 : 22;
  return (
    rect(0, 0, DESKTOP.w, DESKTOP.h, c.surface) +
    rect(0, 0, DESKTOP.w, 64, c.nav) +
    circle(44, 32, 14, c.accent) +
    text(70, 40, brandSize, c.navText, client.brand) +
    navLinks(440, 28, c, 4) +
    rect(850, 14, 120, 36, c.accent, 18) +
    rect(0, 64, DESKTOP.w, 256, c.hero) +
    text(60, 150, 40, c.heroText, client.headline[0]) +
    text(60, 198, 40, c.heroText, client.headline[1]) +
    line(60, 222, 340, c.heroText, 8).replace('/>', ' opacity=".35"/>') +
    button(60, 246, client.cta, c, 16) +
    group(780, 196, 0.9, ART[client.art](c)) +
    BODY[client.body](
      { x: 40, y: 344, w: 920, h: 256 },
      c,
      client.body === 'bottles' || client.body === 'products' || client.body === 'profiles' ? 4 : 3,
    )
  );
}

function phonePage(client) {
  const { c } = client;
  const brandSize = client.brand.length > 16 ? 13 : 16;
  return (
    rect(0, 0, PHONE.w, PHONE.h, c.surface) +
    rect(0, 0, PHONE.w, 76, c.nav) +
    circle(30, 48, 10, c.accent) +
    text(48, 54, brandSize, c.navText, client.brand) +
    rect(266, 38, 28, 4, c.navText, 2) +
    rect(266, 47, 28, 4, c.navText, 2) +
    rect(266, 56, 28, 4, c.navText, 2) +
    rect(0, 76, PHONE.w, 284, c.hero) +
    group(160, 160, 0.5, ART[client.art](c)) +
    text(24, 260, 22, c.heroText, client.headline[0]) +
    text(24, 288, 22, c.heroText, client.headline[1]) +
    button(24, 304, client.cta, c, 13) +
    BODY[client.body]({ x: 20, y: 384, w: 280, h: 272 }, c, 2)
  );
}

/* ---------- frames ---------- */

function browser(x, y, w, client, clipId) {
  const scale = w / DESKTOP.w;
  const contentH = DESKTOP.h * scale;
  const bar = Math.round(w * 0.05);
  return (
    rect(x + 10, y + 16, w, bar + contentH, '#000000', 14, ' opacity=".12"') +
    rect(x, y, w, bar + contentH, '#e9eaef', 14) +
    circle(x + bar * 0.6, y + bar / 2, bar * 0.14, '#ff5f57') +
    circle(x + bar * 1.0, y + bar / 2, bar * 0.14, '#febc2e') +
    circle(x + bar * 1.4, y + bar / 2, bar * 0.14, '#28c840') +
    rect(x + bar * 2.2, y + bar * 0.22, w * 0.5, bar * 0.56, '#ffffff', bar * 0.28) +
    text(x + bar * 2.6, y + bar * 0.62, r(bar * 0.32), '#4b4b57', client.domain, 400) +
    `<clipPath id="${clipId}"><rect x="${r(x)}" y="${r(y + bar)}" width="${r(w)}" height="${r(contentH)}" rx="4"/></clipPath>` +
    `<g clip-path="url(#${clipId})">${group(x, y + bar, r(scale * 1000) / 1000, desktopPage(client))}</g>`
  );
}

function phone(x, y, w, client, clipId) {
  const bezel = 12;
  const scale = (w - bezel * 2) / PHONE.w;
  const h = PHONE.h * scale + bezel * 2;
  return (
    rect(x + 8, y + 14, w, h, '#000000', 36, ' opacity=".15"') +
    rect(x, y, w, h, '#17171c', 36) +
    `<clipPath id="${clipId}"><rect x="${r(x + bezel)}" y="${r(y + bezel)}" width="${r(w - bezel * 2)}" height="${r(h - bezel * 2)}" rx="26"/></clipPath>` +
    `<g clip-path="url(#${clipId})">${group(x + bezel, y + bezel, r(scale * 1000) / 1000, phonePage(client))}</g>` +
    rect(x + w / 2 - 36, y + bezel + 6, 72, 16, '#17171c', 8)
  );
}

function svgDocument(width, height, title, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="${FONT}"><title>${esc(title)}</title>${body}</svg>\n`;
}

function caseMockup(client) {
  const { c } = client;
  return svgDocument(
    1200,
    800,
    `${client.brand} website in a desktop browser and on a phone`,
    rect(0, 0, 1200, 800, c.backdrop) +
      circle(1080, 110, 150, c.art2, ' opacity=".18"') +
      circle(120, 760, 190, c.art, ' opacity=".12"') +
      browser(50, 90, 880, client, 'screen') +
      phone(890, 200, 250, client, 'phone'),
  );
}

/** A 1200 x 630 link-preview image; link previews do not accept SVG, so this one is rendered to JPEG. */
function ogImage(client) {
  const { c } = client;
  return svgDocument(
    1200,
    630,
    `${client.brand} website by Rendezvous Digital`,
    rect(0, 0, 1200, 630, c.backdrop) +
      circle(1100, 70, 140, c.art2, ' opacity=".18"') +
      circle(90, 600, 170, c.art, ' opacity=".12"') +
      browser(70, 56, 780, client, 'screen') +
      phone(830, 110, 240, client, 'phone'),
  );
}

function thumbnail(client) {
  const { c } = client;
  return svgDocument(
    640,
    420,
    `${client.brand} website`,
    rect(0, 0, 640, 420, c.backdrop) +
      circle(590, 60, 110, c.art2, ' opacity=".2"') +
      circle(40, 400, 120, c.art, ' opacity=".14"') +
      browser(46, 34, 548, client, 'screen'),
  );
}

/* ---------- main ---------- */

async function main() {
  const pngIndex = process.argv.indexOf('--png');
  const pngDir = pngIndex === -1 ? null : process.argv[pngIndex + 1];
  const { default: sharp } = await import('sharp');
  await mkdir(join(PUBLIC_DIR, 'cases'), { recursive: true });
  await mkdir(join(PUBLIC_DIR, 'portfolio'), { recursive: true });
  if (pngDir) await mkdir(pngDir, { recursive: true });

  for (const client of CLIENTS) {
    const files = [
      [join(PUBLIC_DIR, 'cases', `${client.slug}.svg`), caseMockup(client)],
      [join(PUBLIC_DIR, 'portfolio', `${client.slug}.svg`), thumbnail(client)],
    ];
    for (const [file, svg] of files) {
      await writeFile(file, svg);
      console.log(`${file.slice(PUBLIC_DIR.length + 1)}  ${(svg.length / 1024).toFixed(1)} KB`);
      if (pngDir) {
        const name = file
          .slice(PUBLIC_DIR.length + 1)
          .replace(/[\\/]/g, '-')
          .replace(/\.svg$/, '.png');
        await sharp(Buffer.from(svg)).png().toFile(join(pngDir, name));
      }
    }
    const ogFile = join(PUBLIC_DIR, 'cases', `${client.slug}-og.jpg`);
    const og = await sharp(Buffer.from(ogImage(client)))
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    await writeFile(ogFile, og);
    console.log(`${ogFile.slice(PUBLIC_DIR.length + 1)}  ${(og.length / 1024).toFixed(1)} KB`);
  }
}

await main();
