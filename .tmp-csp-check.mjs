import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage();
const problems = [];
page.on('console', (m) => { if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text()); });
page.on('pageerror', (e) => problems.push('pageerror ' + e.message));
for (const p of ['/', '/contact-7709327', '/auth', '/dashboard', '/request-a-quote-0163863']) {
  await page.goto('http://localhost:3201' + p, { waitUntil: 'networkidle' });
  console.log(p, await page.title());
}
console.log(problems.length ? problems.join('\n') : 'no console errors');
await browser.close();
