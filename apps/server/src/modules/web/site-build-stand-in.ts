import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PUBLIC_ORIGIN_PLACEHOLDER, type PublishedContent } from '@agency/shared';
import { SERVER_ROOT } from '../../lib/paths';

/**
 * A stand-in for the web app's build (apps/web/dist), for the site pages' tests: an SSR entry with the shape of
 * entry-server.tsx (publicPages, renderPage with content, the route table's fields) that draws every item's title where
 * the real site does (its own page, the lists, the home page), the real page assembly (site-assembly.mjs, og-image.mjs)
 * and the client files a build makes from the seed. Each page names the revision it was rendered from in its head and
 * at the end of its body, so a test can tell a whole page of one revision from a mix.
 */

const ENTRY = String.raw`
const PLACEHOLDER = ${JSON.stringify(PUBLIC_ORIGIN_PLACEHOLDER)};
const SEED = __SEED__;
const RENDERS = (globalThis.standInRenders ??= { active: 0, max: 0, pages: 0 });
const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
export const BRAND = {
  name: 'Stand-in Digital',
  tagline: 'Pages for tests',
  colours: { brand: '#1b1fa8', brandDark: '#10136b', accent: '#ff7a1a' },
};
const route = (id, path, extra = {}) => ({
  id, path, aliases: extra.aliases ?? [], source: 'src/app/routes/page.tsx', chrome: extra.chrome ?? 'site',
  indexable: extra.indexable ?? true,
});
const titleOf = (type, data) => (type === 'testimonial' ? data.name : data.title);
export function publicPages(content = SEED) {
  return [
    route('home', '/', { aliases: ['/home'] }),
    route('blog', '/blog'),
    route('portfolio', '/portfolio'),
    route('training', '/training'),
    ...content.items.training.map((item) => route('training-' + item.slug, '/training/' + item.slug)),
    ...content.items.blog_post.map((item) => route('blog-' + item.slug, '/blog/' + item.slug)),
    ...content.items.case_study.map((item) => route('case-' + item.slug, '/portfolio/' + item.slug)),
  ];
}
export const NOT_FOUND_ROUTE = route('not-found', '', { indexable: false });
export const PAGE_ROUTES = [...publicPages(), route('auth', '/auth', { chrome: 'bare', indexable: false })];
const list = (content, type) =>
  '<ul>' + content.items[type].map((item) => '<li>' + escape(titleOf(type, item.data)) + '</li>').join('') + '</ul>';
function body(path, content) {
  const [, section, slug] = path.split('/');
  if (path === '/' || path === '/home') {
    return '<h1>Home</h1>' + ['case_study', 'blog_post', 'testimonial', 'training'].map((type) => list(content, type)).join('');
  }
  if (path === '/auth') return '<h1>Sign in</h1>';
  if (path === '/blog') return '<h1>Blog</h1>' + list(content, 'blog_post');
  if (path === '/portfolio') return '<h1>Portfolio</h1>' + list(content, 'case_study') + list(content, 'testimonial');
  if (path === '/training') return '<h1>Training</h1>' + list(content, 'training');
  const type = { blog: 'blog_post', portfolio: 'case_study', training: 'training' }[section];
  const item = type && content.items[type].find((candidate) => candidate.slug === slug);
  if (!item) return '<h1>Page not found</h1>';
  const fee = type === 'training' ? '<p>Fee ' + item.data.prices.map((price) => price.feeNaira).join(', ') + '</p>' : '';
  return '<h1>' + escape(titleOf(type, item.data)) + '</h1>' + fee + list(content, 'testimonial');
}
export async function renderPage(url, options = {}) {
  const content = options.content ?? SEED;
  const path = new URL(url, 'http://prerender').pathname;
  // How many renders run at once (the store renders one page at a time, one revision at a time), and a test's delay.
  RENDERS.active += 1;
  RENDERS.max = Math.max(RENDERS.max, RENDERS.active);
  RENDERS.pages += 1;
  const delay = Number(process.env.STAND_IN_RENDER_DELAY_MS ?? 0);
  if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
  RENDERS.active -= 1;
  const known = PAGE_ROUTES.find((candidate) => candidate.path === path || candidate.aliases.includes(path))
    ?? publicPages(content).find((candidate) => candidate.path === path);
  const id = known ? known.id : 'not-found';
  const html = body(path, content);
  const title = (html.match(/<h1>(.*?)<\/h1>/)?.[1] ?? '') + ' | ' + BRAND.name;
  const marker = '<p data-revision="' + content.revision + '">revision ' + content.revision + '</p>';
  return {
    html: marker + html + (options.formState ? '<p>form state</p>' : '') + marker,
    head: { title, ogImagePath: '/og/' + id + '.png' },
    headTags: '<title>' + title + '</title><meta name="revision" content="' + content.revision + '">' +
      '<link rel="canonical" href="' + PLACEHOLDER + path + '">',
  };
}
`;

const TEMPLATE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <!--head-tags-->\n' +
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n' +
  '  <body>\n    <div id="root"><!--app-html--></div>\n  </body>\n</html>\n';

/**
 * Writes the stand-in build under `root` (root/client is the web root) and prerenders `content` (the database's seed,
 * revision 0) as the build does.
 */
export async function writeStandInBuild(root: string, content: PublishedContent): Promise<string> {
  const clientDir = path.join(root, 'client');
  const serverDir = path.join(root, 'server');
  mkdirSync(path.join(clientDir, 'og'), { recursive: true });
  mkdirSync(serverDir, { recursive: true });
  writeFileSync(path.join(serverDir, 'entry-server.js'), ENTRY.replace('__SEED__', JSON.stringify(content)));
  const scripts = path.join(SERVER_ROOT, '..', 'web', 'scripts');
  for (const name of ['site-assembly.mjs', 'og-image.mjs']) {
    copyFileSync(path.join(scripts, name), path.join(serverDir, name));
  }
  const entry = await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href);
  const assembly = await import(pathToFileURL(path.join(serverDir, 'site-assembly.mjs')).href);
  const data = {
    template: TEMPLATE,
    bootFile: '/assets/boot-abc.js',
    entryChunks: [],
    builtOn: '2026-11-22',
    pages: { 'src/app/routes/page.tsx': { stylesheets: [], scripts: ['/assets/page-abc.js'] } },
    ogTitles: {} as Record<string, string>,
  };
  writeFileSync(path.join(serverDir, assembly.ASSEMBLY_FILE), JSON.stringify(data));
  const assembler = await assembly.createAssembler(clientDir);
  const routes: Record<string, string> = {};
  const write = async (route: { path: string }, url: string, file: string) => {
    const page = await entry.renderPage(url);
    const target = path.join(clientDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, await assembler.page(route, page));
    return page;
  };
  for (const route of entry.PAGE_ROUTES) {
    for (const [index, url] of [route.path, ...route.aliases].entries()) {
      const file = assembly.htmlFileOf(url);
      routes[url] = file;
      const page = await write(route, url, file);
      if (index > 0) continue;
      // The build's og:images: a small stand-in file each, with the title the build drew.
      data.ogTitles[page.head.ogImagePath] = assembly.ogTitleOf(page.head.title, entry.BRAND);
      writeFileSync(path.join(clientDir, page.head.ogImagePath), `build image ${route.id}`);
    }
  }
  await write(entry.NOT_FOUND_ROUTE, '/this-page-does-not-exist', '404.html');
  writeFileSync(path.join(clientDir, 'routes-manifest.json'), JSON.stringify({ routes, notFound: '404.html' }));
  const indexable = entry.PAGE_ROUTES.filter((route: { indexable: boolean }) => route.indexable);
  writeFileSync(
    path.join(clientDir, 'sitemap.xml'),
    assembly.sitemapXml(
      PUBLIC_ORIGIN_PLACEHOLDER,
      indexable.map((route: { path: string }) => route.path),
      data.builtOn,
    ),
  );
  writeFileSync(path.join(clientDir, 'robots.txt'), assembly.robotsTxt(PUBLIC_ORIGIN_PLACEHOLDER, ['/auth']));
  writeFileSync(path.join(serverDir, assembly.ASSEMBLY_FILE), JSON.stringify(data));
  return clientDir;
}
