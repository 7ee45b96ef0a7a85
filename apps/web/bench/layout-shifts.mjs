/* global window */
// Layout shifts of the nine measured pages, with what moved: `node apps/web/bench/layout-shifts.mjs [BASE_URL
// [PATH...]]` against a running built server (default http://localhost:4600); paths given measure those pages instead
// (a published page: `npm run bench:web -- --published --serve` prints a server and its new pages' paths). Each page
// loads at 412 px (Lighthouse's phone), 360 px and 1350 px with the CPU slowed four times and no input, and the
// layout-shift entries of its first 2.5 s are printed with their sources, so a CLS above 0 in `npm run bench:web` can
// be traced to the element that moved.
import { chromium } from 'playwright-core';

const BASE_URL = process.argv[2] ?? 'http://localhost:4600';
const NINE_PAGES = [
  '/',
  '/services',
  '/webdevelopment-0123456',
  '/portfolio-9012345/planetlaundromat',
  '/webdevelopment-training',
  '/Creativegraphicdesign-training',
  '/contact-7709327',
  '/request-a-quote-0163863',
  '/about-8901234',
];
const GIVEN_PAGES = process.argv.slice(3);
const PAGES = GIVEN_PAGES.length > 0 ? GIVEN_PAGES : NINE_PAGES;
const WIDTHS = [412, 360, 1350];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const path of PAGES) {
    for (const width of WIDTHS) {
      const desktop = width > 1000;
      const context = await browser.newContext({
        viewport: { width, height: desktop ? 940 : 823 },
        deviceScaleFactor: desktop ? 1 : 1.75,
      });
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.__shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            window.__shifts.push({
              value: entry.value,
              at: Math.round(entry.startTime),
              moved: (entry.sources ?? []).map((source) => {
                const node = source.node;
                const name = node
                  ? `${node.nodeName}.${typeof node.className === 'string' ? node.className : ''}`
                  : '?';
                const rect = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
                return `${name} "${(node?.textContent ?? '').trim().slice(0, 30)}" ${rect(source.previousRect)} -> ${rect(source.currentRect)}`;
              }),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(BASE_URL + path, { waitUntil: 'load' });
      await page.waitForTimeout(2500);
      const shifts = await page.evaluate(() => window.__shifts);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      console.log(`${path} ${width}px CLS ${total.toFixed(5)}`);
      for (const shift of shifts)
        console.log(`  ${shift.value.toFixed(5)} at ${shift.at} ms: ${shift.moved.join('; ')}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
