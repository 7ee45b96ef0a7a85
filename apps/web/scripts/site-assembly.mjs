/**
 * The assembly of a prerendered page around the SSR bundle's render: the template filled, the page's stylesheets
 * inlined, the boot module tag with the page's chunks, the hero image inlined, the head tightened; and sitemap.xml,
 * robots.txt and the drawn og:images. One module for the build (scripts/prerender.mjs) and the server, which renders
 * the public pages again from the published content (docs/decisions/0043): the same code makes the same bytes.
 *
 * What it needs from the build is in dist/server/site-assembly.json (ASSEMBLY_FILE, out of the served folder), which
 * the build writes before it prerenders: the template, the boot module, the entry's chunks and each page module's
 * stylesheets and chunks (the build deletes Vite's manifest). The build copies this module and og-image.mjs there
 * too, beside the SSR bundle, where the server imports them.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ogImagePng } from './og-image.mjs';

export const ASSEMBLY_FILE = 'site-assembly.json';
export const OG_EYEBROW = 'Digital agency · Ogba, Lagos';

export const htmlFileOf = (key) => (key === '/' ? 'index.html' : `${key.slice(1)}/index.html`);

/** The entry script tag Vite writes into index.html. */
export const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

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

/** The chunks the entry imports statically (its libraries), each after the chunks it imports. */
export function entryScripts(viteManifest) {
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

/**
 * What the assembly needs to know of the build, read from Vite's manifest while the build still has it: each page
 * module's (every dynamic entry's, and each `sources` given) stylesheets and chunks, with the template, the boot module
 * and the day the sitemap names.
 */
export function assemblyData({ template, viteManifest, bootFile, sources, builtOn, ogTitles }) {
  const modules = new Set([
    ...sources,
    ...Object.entries(viteManifest)
      .filter(([, chunk]) => chunk.isDynamicEntry)
      .map(([key]) => key),
  ]);
  const pages = {};
  for (const source of [...modules].sort()) {
    pages[source] = { stylesheets: pageStylesheets(viteManifest, source), scripts: pageScripts(viteManifest, source) };
  }
  return { template, bootFile, entryChunks: entryScripts(viteManifest), builtOn, pages, ogTitles };
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

/** Absolute URLs name the placeholder origin, which the server replaces with APP_URL (docs/decisions/0017). */
export function sitemapXml(origin, paths, day) {
  const urls = paths.map((path) => `  <url><loc>${origin}${path}</loc><lastmod>${day}</lastmod></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin, disallowed) {
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

/** A page title without the brand suffix, as its drawn og:image shows it. */
export const ogTitleOf = (title, brand) => {
  const suffix = ` | ${brand.name}`;
  return title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
};

/** A page's drawn og:image (1200 x 630 PNG): its title under the brand. */
export const drawOgImage = (title, brand) => ogImagePng({ title, eyebrow: OG_EYEBROW, brand });

/**
 * The assembler of the build in `clientDir` (dist/client; its site-assembly.json is in dist/server): `page(route, rendered)` turns a route of the
 * route table and its render (`renderPage`'s html and head tags) into the page's HTML document, as the build writes it.
 * The stylesheets and hero images it inlines are read from `clientDir` once.
 */
export async function createAssembler(clientDir) {
  const data = JSON.parse(await readFile(join(clientDir, '..', 'server', ASSEMBLY_FILE), 'utf8'));
  const { template, bootFile, entryChunks } = data;
  const files = new Map();
  const fileText = (file) => {
    let text = files.get(file);
    if (!text) {
      text = readFile(join(clientDir, file), 'utf8');
      text.catch(() => files.delete(file));
      files.set(file, text);
    }
    return text;
  };

  // Vite hints the entry's chunks in the template; a public page fetches them only after its first paint (0024).
  const entryChunkHints = new RegExp(
    entryChunks
      .map((file) => `\\s*<link rel="modulepreload" crossorigin href="${file.replaceAll('.', '\\.')}">`)
      .join('|'),
    'g',
  );
  const publicTemplate = entryChunks.length ? template.replace(entryChunkHints, '') : template;

  const moduleOf = (source) => {
    const found = data.pages[source];
    if (!found) throw new Error(`The build has no page module ${source}.`);
    return found;
  };

  /**
   * The stylesheets are small (about 6 KB gzip for a page), so each page carries them inline: the first paint then
   * waits for nothing but the HTML, which on a slow mobile connection is worth a full round trip. A later client-side
   * navigation still fetches a page's CSS file as usual.
   */
  const inlineStylesheets = async (html) => {
    const links = [...html.matchAll(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g)];
    let result = html;
    for (const [tag, file] of links) {
      const css = await fileText(file);
      result = result.replace(tag, () => `<style data-href="/${file}">${css}</style>`);
    }
    return result;
  };

  /**
   * The illustration a page draws first (its hero, marked fetchpriority="high") is a small SVG: it travels inside the
   * HTML as a data: URI, so it is drawn in the same frame as the text instead of one request later, which on a slow
   * connection is a new connection's two round trips (docs/decisions/0024-critical-path.md). The client's render names
   * the file; React leaves the attribute of the prerendered element as it is when hydrating, and both draw the same.
   * React's hydration passes over the <link> elements it finds, so the preload hint it rendered can go.
   */
  const inlineHeroImages = async (html) => {
    let result = html;
    const original = html;
    for (const [tag, before, src, after] of html.matchAll(HERO_IMAGE)) {
      const svg = await fileText(src.slice(1));
      if (svg.length > INLINE_IMAGE_LIMIT || svg.includes("'")) continue;
      result = result.replace(tag, () => `<img ${before}src="${svgDataUri(svg)}"${after}>`);
      // React's server render hints an image of high priority with a preload, which would fetch the file anyway.
      result = result.replace(new RegExp(`<link rel="preload" as="image" href="${src}"[^>]*>`, 'i'), '');
    }
    return gzipSync(result).length <= FIRST_WINDOW_HTML_GZIP ? result : original;
  };

  return {
    /** The day the build's sitemap names as every page's last change. */
    builtOn: data.builtOn,
    /** The title each drawn og:image of the build shows, by its path (/og/home.png). */
    ogTitles: data.ogTitles ?? {},
    /** The page's HTML document: `rendered` is renderPage's answer for one of the route's paths. */
    async page(route, rendered) {
      const pageModule = moduleOf(route.source);
      const bare = route.chrome === 'bare';
      /**
       * The JavaScript chunks of a staff screen (the dashboard, the sign-in screen), as modulepreload hints. Unlike a
       * public page, its prerendered HTML is a loading state that nothing readable depends on: what the staff member
       * waits for is the page's code, so it should download beside the entry script rather than after it has run.
       */
      const extraTags = [
        ...stylesheetTags(template, pageModule.stylesheets),
        ...(bare ? pageModule.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`) : []),
      ];
      // A staff screen keeps the entry tag: its prerendered HTML is only a loading state, and its code is what counts.
      const pageTemplate = bare
        ? template
        : publicTemplate.replace(
            ENTRY_SCRIPT,
            () =>
              `<script type="module" src="${bootFile}"${route.indexable ? '' : ' data-start="paint"'} data-chunks="${pageModule.scripts.join(' ')}"></script>`,
          );
      const filled = fillTemplate(pageTemplate, {
        headTags: rendered.headTags,
        assetTags: extraTags,
        html: rendered.html,
      });
      // A staff screen keeps its stylesheets as links: they download at once beside its preloaded chunks, and the
      // lazy page's import finds them in the document instead of fetching them again before it can run.
      return bare ? filled : inlineHeroImages(await inlineStylesheets(tightHead(bootAtEnd(filled))));
    },
  };
}
