/**
 * Build step after `vite build` (client) and `vite build --ssr` (server entry): renders every route of the route
 * table to HTML inside the client index.html, and writes 404.html, routes-manifest.json, sitemap.xml, robots.txt
 * and one og:image per page into dist/client (the build output contract of docs/decisions/0001-architecture.md).
 * The page assembly is site-assembly.mjs, which the server uses too (docs/decisions/0043): this step writes what it
 * needs (site-assembly.json) beside the SSR bundle in dist/server and copies the module there.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import {
  ASSEMBLY_FILE,
  assemblyData,
  createAssembler,
  drawOgImage,
  ENTRY_SCRIPT,
  entryScripts,
  htmlFileOf,
  ogTitleOf,
  robotsTxt,
  sitemapXml,
} from './site-assembly.mjs';

const SCRIPTS_DIR = dirname(fileURLToPath(import.meta.url));
const WEB_ROOT = join(SCRIPTS_DIR, '..');
const CLIENT_DIR = join(WEB_ROOT, 'dist', 'client');
const SERVER_DIR = join(WEB_ROOT, 'dist', 'server');
const SERVER_ENTRY = join(SERVER_DIR, 'entry-server.js');
const NOT_FOUND_FILE = '404.html';
/** The assembly and what it imports, copied beside the SSR bundle for the server (docs/decisions/0043). */
const RUNTIME_MODULES = ['site-assembly.mjs', 'og-image.mjs'];

/**
 * A public page starts its JavaScript only once its prerendered HTML has been drawn (docs/decisions/0024): the entry
 * tag becomes this small module, which waits for the browser's first-contentful-paint entry, then imports the entry
 * and preloads the page's own chunks beside it (read from the tag's data-chunks, so one file serves every page).
 * Otherwise, on a fast connection, the entry (about 84 KB gzip) arrives and runs before anything is drawn, and on a
 * slow one its download competes with the fonts'. A tab that draws nothing (hidden) starts after 3 s.
 *
 * An indexable page (a boot tag without data-start="paint") waits longer: for the visitor's first touch, key,
 * pointer or wheel, which index.html's inline script notes from the parse on (`__formKit.touched`, `onTouch`), or for
 * a part marked data-needs-app (a carousel) to come within 400 px of the viewport. A page that is only read runs no
 * script of the app (docs/decisions/0031). The staff screens inside the site layout (data-start="paint") start at their first paint.
 *
 * The entry's libraries (React DOM, React and the router: vite.config.ts splits them off) are evaluated first, one
 * chunk per task with the browser free in between, and the entry after them: evaluated together they were one task
 * of 20-25 ms on this machine, about 100 ms on Lighthouse's slowed phone (docs/decisions/0030).
 *
 * Before the entry runs it also names each stylesheet inlined as <style data-href> (inlineStylesheets) with a
 * disabled <link>, which downloads nothing: Vite's loader of a lazy page module looks for a <link> to each stylesheet
 * the module needs and would otherwise fetch the inlined ones again before hydration.
 */
/**
 * Poppins, declared only once the page has drawn its first frame (FontFace): no font file is asked for before the
 * largest paint, so the text paints in the fallback face sized like Poppins (global.css) and swaps when both files
 * have arrived (one layout of the page, not two). Preloaded in the head, the two files competed with the HTML and held the largest paint back by 0.2-0.3 s
 * in Lighthouse's simulated load (docs/decisions/0030-quiet-main-thread.md). entry-client.tsx has the same for the
 * staff screens; index.html's <noscript> style declares the fonts without JavaScript.
 */
const FONT_LOADER = `
  const loadFonts = () => {
    if (loadFonts.done || [...document.fonts].some((face) => face.family === 'Poppins')) return;
    loadFonts.done = true;
    const faces = ['400', '700'].map(
      (weight) =>
        new FontFace('Poppins', \`url(/fonts/poppins-latin-\${weight}-normal.woff2) format('woff2')\`, { weight }),
    );
    // Both files, then both faces at once: the page is laid out again once, not once per file.
    Promise.all(faces.map((face) => face.load())).then(
      () => faces.forEach((face) => document.fonts.add(face)),
      () => undefined,
    );
  };
`;

async function writeBootScript(entryFile, entryChunks) {
  const source = `
    const ENTRY_CHUNKS = ${JSON.stringify(entryChunks)};
    ${FONT_LOADER}
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(loadFonts);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(loadFonts, 3000);
    const link = (rel, href, disabled) => {
      const element = document.createElement('link');
      element.rel = rel;
      element.href = href;
      element.disabled = disabled;
      document.head.append(element);
    };
    let started = false;
    const start = async () => {
      if (started) return;
      started = true;
      for (const style of document.querySelectorAll('style[data-href]')) link('stylesheet', style.dataset.href, true);
      for (const href of [...ENTRY_CHUNKS, ...document.querySelector('script[data-chunks]').dataset.chunks.split(' ')]) {
        if (href) link('modulepreload', href, false);
      }
      for (const chunk of ENTRY_CHUNKS) {
        await import(chunk);
        await new Promise((resolve) => setTimeout(resolve));
      }
      import(${JSON.stringify(entryFile)});
    };
    if (document.querySelector('script[data-chunks]').dataset.start !== 'paint') {
      const kit = window.__formKit;
      const near = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && begin(), {
        rootMargin: '400px',
      });
      const begin = () => {
        near.disconnect();
        start();
      };
      if (kit.touched) begin();
      else {
        kit.onTouch = begin;
        for (const part of document.querySelectorAll('[data-needs-app]')) near.observe(part);
      }
    } else {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start);
      }).observe({ type: 'paint', buffered: true });
      setTimeout(start, 3000);
    }
  `;
  // Minified: it counts in every page's initial JavaScript.
  const { code } = await transform(source, { minify: true, format: 'esm', target: 'es2022' });
  const hash = createHash('sha256').update(code).digest('base64url').replace(/[-_]/g, '').slice(0, 8);
  const file = `assets/boot-${hash}.js`;
  await writeFile(join(CLIENT_DIR, file), code);
  return `/${file}`;
}

async function writePage(relativeFile, contents) {
  const file = join(CLIENT_DIR, relativeFile);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, contents);
}

async function main() {
  const template = await readFile(join(CLIENT_DIR, 'index.html'), 'utf8');
  const viteManifest = JSON.parse(await readFile(join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8'));
  const server = await import(pathToFileURL(SERVER_ENTRY).href);
  const entryMatch = template.match(ENTRY_SCRIPT);
  if (!entryMatch) throw new Error('The entry script tag of index.html was not found.');
  const bootFile = await writeBootScript(entryMatch[1], entryScripts(viteManifest));
  const { PAGE_ROUTES, NOT_FOUND_ROUTE, renderPage, BRAND, pathKey, PUBLIC_ORIGIN_PLACEHOLDER } = server;
  const builtOn = new Date().toISOString().slice(0, 10);
  const sources = [...PAGE_ROUTES, NOT_FOUND_ROUTE].map((route) => route.source);
  const data = assemblyData({ template, viteManifest, bootFile, sources, builtOn, ogTitles: {} });
  await writeFile(join(SERVER_DIR, ASSEMBLY_FILE), JSON.stringify(data));
  const assembler = await createAssembler(CLIENT_DIR);

  const routes = {};
  const ogImages = [];
  const renderInto = async (route, url, file) => {
    const page = await renderPage(url);
    await writePage(file, await assembler.page(route, page));
    return page;
  };

  for (const route of PAGE_ROUTES) {
    for (const [index, path] of [route.path, ...route.aliases].entries()) {
      const key = pathKey(path);
      // A main path may differ from an alias only by letter case (/Creativegraphicdesign-training): one file.
      if (routes[key]) continue;
      const file = htmlFileOf(key);
      const page = await renderInto(route, path, file);
      routes[key] = file;
      if (index === 0) ogImages.push({ id: route.id, title: page.head.title, ogImagePath: page.head.ogImagePath });
    }
  }

  const notFound = await renderInto(NOT_FOUND_ROUTE, '/this-page-does-not-exist', NOT_FOUND_FILE);
  ogImages.push({ id: NOT_FOUND_ROUTE.id, title: notFound.head.title, ogImagePath: notFound.head.ogImagePath });

  await writeFile(
    join(CLIENT_DIR, 'routes-manifest.json'),
    `${JSON.stringify({ routes, notFound: NOT_FOUND_FILE }, null, 2)}\n`,
  );

  const indexable = PAGE_ROUTES.filter((route) => route.indexable).map((route) => route.path);
  const hidden = PAGE_ROUTES.filter((route) => !route.indexable).map((route) => route.path);
  await writeFile(join(CLIENT_DIR, 'sitemap.xml'), sitemapXml(PUBLIC_ORIGIN_PLACEHOLDER, indexable, builtOn));
  await writeFile(join(CLIENT_DIR, 'robots.txt'), robotsTxt(PUBLIC_ORIGIN_PLACEHOLDER, hidden));

  await mkdir(join(CLIENT_DIR, 'og'), { recursive: true });
  for (const image of ogImages) {
    // Pages with their own preview (the case studies) keep it; the rest get a drawn one.
    if (!image.ogImagePath.startsWith('/og/')) continue;
    const title = ogTitleOf(image.title, BRAND);
    await writeFile(join(CLIENT_DIR, image.ogImagePath), await drawOgImage(title, BRAND));
    data.ogTitles[image.ogImagePath] = title;
  }
  // The server draws again only the og:images whose title the published content changed.
  await writeFile(join(SERVER_DIR, ASSEMBLY_FILE), JSON.stringify(data));
  for (const name of RUNTIME_MODULES) await copyFile(join(SCRIPTS_DIR, name), join(SERVER_DIR, name));

  // The bare template would be served for nothing; every page has its own file now.
  if (!routes['/']) throw new Error('The home page was not prerendered.');
  await rm(join(CLIENT_DIR, '.vite'), { recursive: true, force: true });

  console.log(
    `prerendered ${Object.keys(routes).length} paths + ${NOT_FOUND_FILE}, ${indexable.length} in sitemap.xml, ${ogImages.length} og images checked`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
