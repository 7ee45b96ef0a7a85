/**
 * Build step after `vite build` (client) and `vite build --ssr` (server entry): renders every route of the route
 * table to HTML inside the client index.html, and writes 404.html, routes-manifest.json, sitemap.xml, robots.txt
 * and one og:image per page into dist/client (the build output contract of docs/decisions/0001-architecture.md).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import { writeOgImage } from './og-image.mjs';

const WEB_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_DIR = join(WEB_ROOT, 'dist', 'client');
const SERVER_ENTRY = join(WEB_ROOT, 'dist', 'server', 'entry-server.js');
const NOT_FOUND_FILE = '404.html';
const OG_EYEBROW = 'Digital agency · Ogba, Lagos';

const htmlFileOf = (key) => (key === '/' ? 'index.html' : `${key.slice(1)}/index.html`);

/**
 * The CSS a page module needs at load, from Vite's build manifest (its own and that of its static imports).
 * Its JavaScript chunks get no modulepreload hint on purpose: on a slow connection they would compete with the
 * HTML's first paint, while the entry script fetches them soon enough to hydrate an already readable page.
 */
function pageStylesheets(viteManifest, source) {
  const css = new Set();
  const seen = new Set();
  const visit = (key, isRoot) => {
    const chunk = viteManifest[key];
    if (!chunk || (!isRoot && chunk.isEntry) || seen.has(key)) return;
    seen.add(key);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, false);
  };
  visit(source, true);
  return [...css];
}

/**
 * The JavaScript chunks of a staff screen (the dashboard, the sign-in screen), as modulepreload hints. Unlike a
 * public page, its prerendered HTML is a loading state that nothing readable depends on: what the staff member waits
 * for is the page's code, so it should download beside the entry script rather than after it has run.
 */
function pageScriptPreloads(viteManifest, source) {
  return pageScripts(viteManifest, source).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
}

function stylesheetTags(template, files) {
  return files
    .filter((file) => !template.includes(`/${file}`))
    .map((file) => `<link rel="stylesheet" href="/${file}">`);
}

/** Page CSS goes after the entry's stylesheet (end of head), so it can refine the base styles. */
function fillTemplate(template, { headTags, assetTags, html }) {
  return template
    .replace('<!--head-tags-->', headTags)
    .replace('</head>', `${assetTags.map((tag) => `  ${tag}\n`).join('')}  </head>`)
    .replace('<!--app-html-->', html);
}

/**
 * The stylesheets are small (about 6 KB gzip for a page), so each page carries them inline: the first paint then
 * waits for nothing but the HTML, which on a slow mobile connection is worth a full round trip. A later client-side
 * navigation still fetches a page's CSS file as usual.
 */
async function inlineStylesheets(html) {
  const links = [...html.matchAll(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g)];
  let result = html;
  for (const [tag, file] of links) {
    const css = await readFile(join(CLIENT_DIR, file), 'utf8');
    result = result.replace(tag, () => `<style data-href="/${file}">${css}</style>`);
  }
  return result;
}

/** The entry script tag Vite writes into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

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

/**
 * A public page's boot module goes to the end of the body: the preload scanner still finds it at once, but the parser
 * reaches it after the page's content, so it cannot come between the HTML and the first paint.
 */
function bootAtEnd(html) {
  const tag = html.match(/\s*<script type="module" src="\/assets\/boot-[^"]+"[^>]*><\/script>/);
  if (!tag) return html;
  return html.replace(tag[0], '').replace('</body>', `  ${tag[0].trim()}\n  </body>`);
}

/**
 * A public page's head without the template's indentation and formatting comments: the home page's compressed HTML
 * must fit in a new connection's first TCP window with its headers (FIRST_WINDOW_HTML_GZIP), and it was a few dozen
 * bytes over, which costs a whole round trip in Lighthouse's simulated load.
 */
function tightHead(html) {
  const end = html.indexOf('</head>');
  return (
    html
      .slice(0, end)
      .replace(/\s*<!-- prettier-ignore -->/g, '')
      .replace(/>\s+</g, '><') + html.slice(end)
  );
}

/** The chunks the entry imports statically (its libraries), each after the chunks it imports. */
function entryScripts(viteManifest) {
  const [entryKey] = Object.entries(viteManifest).find(([, chunk]) => chunk.isEntry) ?? [];
  const files = [];
  const seen = new Set();
  const visit = (key) => {
    const chunk = viteManifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (key !== entryKey) files.push(`/${chunk.file}`);
  };
  if (entryKey) visit(entryKey);
  return files;
}

/**
 * The JavaScript files of a page module (its chunk and those it imports statically), each after the chunks it
 * imports: the entry evaluates them one task at a time in this order (entry-client.tsx). The entry and its own chunks
 * are left out: they are loaded before any page's.
 */
function pageScripts(viteManifest, source) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = viteManifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    files.add(`/${chunk.file}`);
  };
  visit(source);
  const entryChunks = new Set(entryScripts(viteManifest));
  return [...files].filter((file) => !entryChunks.has(file));
}

/** Larger illustrations (the case mockups) stay files: their bytes would hold up the HTML more than a request. */
const INLINE_IMAGE_LIMIT = 4000;
/**
 * A page whose compressed HTML fits in a new connection's first TCP window (10 segments, 14,600 bytes, less about
 * 1.3 KB of response headers and the few hundred bytes of a form page's question) arrives in one round trip; one
 * byte more costs a second round trip, which is more than the image's request. So an inlined hero must keep the
 * page within this (the home page, at about 13.2 KB, keeps its hero as a file).
 */
const FIRST_WINDOW_HTML_GZIP = 13000;
const HERO_IMAGE = /<img ([^>]*?)src="(\/images\/[^"]+\.svg)"([^>]*?fetchpriority="high"[^>]*)>/gi;

/**
 * An SVG as a data: URI for a double-quoted HTML attribute: its own quotes become single ones, and only what a URL
 * cannot hold is percent-encoded, so the URI stays close to the SVG's text and compresses as well.
 */
const svgDataUri = (svg) =>
  `data:image/svg+xml,${svg
    .trim()
    .replace(/>\s+</g, '><')
    .replaceAll('"', "'")
    .replace(/[%#<>&{}|\\^`[\]\s]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}`;

/**
 * The illustration a page draws first (its hero, marked fetchpriority="high") is a small SVG: it travels inside the
 * HTML as a data: URI, so it is drawn in the same frame as the text instead of one request later, which on a slow
 * connection is a new connection's two round trips (docs/decisions/0024-critical-path.md). The client's render names
 * the file; React leaves the attribute of the prerendered element as it is when hydrating, and both draw the same.
 * React's hydration passes over the <link> elements it finds, so the preload hint it rendered can go.
 */
async function inlineHeroImages(html) {
  let result = html;
  const original = html;
  for (const [tag, before, src, after] of html.matchAll(HERO_IMAGE)) {
    const svg = await readFile(join(CLIENT_DIR, src), 'utf8');
    if (svg.length > INLINE_IMAGE_LIMIT || svg.includes("'")) continue;
    result = result.replace(tag, () => `<img ${before}src="${svgDataUri(svg)}"${after}>`);
    // React's server render hints an image of high priority with a preload, which would fetch the file anyway.
    result = result.replace(new RegExp(`<link rel="preload" as="image" href="${src}"[^>]*>`, 'i'), '');
  }
  return gzipSync(result).length <= FIRST_WINDOW_HTML_GZIP ? result : original;
}

async function writePage(relativeFile, contents) {
  const file = join(CLIENT_DIR, relativeFile);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, contents);
}

/** Absolute URLs name the placeholder origin, which the server replaces with APP_URL (docs/decisions/0017). */
function sitemapXml(origin, paths) {
  const today = new Date().toISOString().slice(0, 10);
  const urls = paths.map((path) => `  <url><loc>${origin}${path}</loc><lastmod>${today}</lastmod></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function robotsTxt(origin, disallowed) {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

async function main() {
  const template = await readFile(join(CLIENT_DIR, 'index.html'), 'utf8');
  const viteManifest = JSON.parse(await readFile(join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8'));
  const server = await import(pathToFileURL(SERVER_ENTRY).href);
  const entryMatch = template.match(ENTRY_SCRIPT);
  if (!entryMatch) throw new Error('The entry script tag of index.html was not found.');
  const entryChunks = entryScripts(viteManifest);
  const bootFile = await writeBootScript(entryMatch[1], entryChunks);
  // Vite hints the entry's chunks in the template; a public page fetches them only after its first paint (0024).
  const entryChunkHints = new RegExp(
    entryChunks
      .map((file) => `\\s*<link rel="modulepreload" crossorigin href="${file.replaceAll('.', '\\.')}">`)
      .join('|'),
    'g',
  );
  const publicTemplate = entryChunks.length ? template.replace(entryChunkHints, '') : template;
  const { PAGE_ROUTES, NOT_FOUND_ROUTE, renderPage, BRAND, pathKey, PUBLIC_ORIGIN_PLACEHOLDER } = server;

  const routes = {};
  const ogImages = [];
  const renderInto = async (route, url, file) => {
    const page = await renderPage(url);
    const extraTags = [
      ...stylesheetTags(template, pageStylesheets(viteManifest, route.source)),
      ...(route.chrome === 'bare' ? pageScriptPreloads(viteManifest, route.source) : []),
    ];
    // A staff screen keeps the entry tag: its prerendered HTML is only a loading state, and its code is what counts.
    const pageTemplate =
      route.chrome === 'bare'
        ? template
        : publicTemplate.replace(
            ENTRY_SCRIPT,
            () =>
              `<script type="module" src="${bootFile}"${route.indexable ? '' : ' data-start="paint"'} data-chunks="${pageScripts(viteManifest, route.source).join(' ')}"></script>`,
          );
    const filled = fillTemplate(pageTemplate, { headTags: page.headTags, assetTags: extraTags, html: page.html });
    const document = route.chrome === 'bare' ? filled : tightHead(bootAtEnd(filled));
    // A staff screen keeps its stylesheets as links: they download at once beside its preloaded chunks, and the
    // lazy page's import finds them in the document instead of fetching them again before it can run.
    await writePage(
      file,
      route.chrome === 'bare' ? document : await inlineHeroImages(await inlineStylesheets(document)),
    );
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
  await writeFile(join(CLIENT_DIR, 'sitemap.xml'), sitemapXml(PUBLIC_ORIGIN_PLACEHOLDER, indexable));
  await writeFile(join(CLIENT_DIR, 'robots.txt'), robotsTxt(PUBLIC_ORIGIN_PLACEHOLDER, hidden));

  await mkdir(join(CLIENT_DIR, 'og'), { recursive: true });
  const suffix = ` | ${BRAND.name}`;
  for (const image of ogImages) {
    // Pages with their own preview (the case studies) keep it; the rest get a drawn one.
    if (!image.ogImagePath.startsWith('/og/')) continue;
    const title = image.title.endsWith(suffix) ? image.title.slice(0, -suffix.length) : image.title;
    await writeOgImage(join(CLIENT_DIR, image.ogImagePath), { title, eyebrow: OG_EYEBROW, brand: BRAND });
  }

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
