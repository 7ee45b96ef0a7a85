import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, API_PATHS, PUBLIC_ORIGIN_PLACEHOLDER, SERVER_MESSAGES } from '@agency/shared';
import { createApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { createTestContext, registerAndConfirm, type TestContext } from '../../test/test-context';
import { publicOriginOf, routeKeyOf } from './web.routes';

let webRoot: string;
let context: TestContext;
const LARGE_SCRIPT = `console.log(${JSON.stringify('rendezvous '.repeat(400))});`;
/** The address the server runs under; the build wrote the placeholder origin instead. */
const PUBLIC_ORIGIN = 'https://www.example.ng';
const HOME_INTRO = 'Websites, apps and brands for Nigerian businesses. '.repeat(40);

/** The head the prerenderer writes: absolute URLs on the placeholder origin. */
const headOf = (path: string) =>
  `<link rel="canonical" href="${PUBLIC_ORIGIN_PLACEHOLDER}${path}">` +
  `<meta property="og:url" content="${PUBLIC_ORIGIN_PLACEHOLDER}${path}">` +
  `<script type="application/ld+json">{"url":"${PUBLIC_ORIGIN_PLACEHOLDER}/"}</script>`;

/** A small stand-in for apps/web/dist/client, shaped as docs/decisions/0001 describes. */
function writeFakeWebBuild(root: string): void {
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'about'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><title>Home</title>${headOf('/')}<h1>Your trusted Digital Partner</h1><p>${HOME_INTRO}</p>`,
  );
  writeFileSync(
    path.join(root, 'about', 'index.html'),
    `<!doctype html><title>About</title>${headOf('/about-8901234')}`,
  );
  writeFileSync(path.join(root, 'training.html'), '<!doctype html><title>Creative training</title>');
  writeFileSync(
    path.join(root, '404.html'),
    `<!doctype html><title>Not found</title>${headOf('')}<h1>Page not found</h1>`,
  );
  writeFileSync(path.join(root, 'assets', 'main-3f9a2c.js'), LARGE_SCRIPT);
  writeFileSync(path.join(root, 'assets', 'copy-9a8b7c.txt'), PUBLIC_ORIGIN_PLACEHOLDER);
  writeFileSync(
    path.join(root, 'robots.txt'),
    `User-agent: *\nAllow: /\n\nSitemap: ${PUBLIC_ORIGIN_PLACEHOLDER}/sitemap.xml\n`,
  );
  writeFileSync(
    path.join(root, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset><url><loc>${PUBLIC_ORIGIN_PLACEHOLDER}/about-8901234</loc></url></urlset>\n`,
  );
  writeFileSync(
    path.join(root, 'routes-manifest.json'),
    JSON.stringify({
      routes: {
        '/': 'index.html',
        '/about-8901234': 'about/index.html',
        '/creativegraphicdesign-training': 'training.html',
      },
      notFound: '404.html',
    }),
  );
}

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'rd-web-'));
  writeFakeWebBuild(webRoot);
  // APP_URL as people write it, with a trailing slash: the pages name its origin.
  context = await createTestContext({ webRoot, config: { appUrl: `${PUBLIC_ORIGIN}/` } });
});

afterAll(async () => {
  await context.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('a page path answers 200 with its prerendered HTML and no-cache', async () => {
    const response = await request(context.app).get('/');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.text).toContain('Your trusted Digital Partner');
  });

  it('paths match case-insensitively and without a trailing slash', async () => {
    const response = await request(context.app).get('/Creativegraphicdesign-training/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('Creative training');
    expect((await request(context.app).get('/ABOUT-8901234')).text).toContain('About');
  });

  it('an unknown path answers 404 with the not-found page', async () => {
    const response = await request(context.app).get('/no-such-page');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain('Page not found');
  });

  it('hashed assets are cached for a year as immutable and compressed', async () => {
    const response = await request(context.app).get('/assets/main-3f9a2c.js').set('Accept-Encoding', 'gzip');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.text).toBe(LARGE_SCRIPT);
  });

  it('a missing asset is 404, not a page', async () => {
    const response = await request(context.app).get('/assets/missing-123.js');
    expect(response.status).toBe(404);
  });

  it('other static files are served', async () => {
    const response = await request(context.app).get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.text).toContain('User-agent');
  });

  it('pages carry a self-only Content-Security-Policy that allows the on-request map frame', async () => {
    const csp = (await request(context.app).get('/')).headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain('frame-src https://www.google.com https://maps.google.com');
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('the public address in the pages, the sitemap and robots.txt', () => {
  it.each(['/', '/about-8901234', '/no-such-page', '/index.html', '/about/index.html', '/sitemap.xml', '/robots.txt'])(
    '%s names APP_URL’s origin wherever the build wrote the placeholder',
    async (requestPath) => {
      const response = await request(context.app).get(requestPath);
      expect(response.text).toContain(PUBLIC_ORIGIN);
      expect(response.text).not.toContain(PUBLIC_ORIGIN_PLACEHOLDER);
      expect(response.text).not.toContain(`${PUBLIC_ORIGIN}//`);
    },
  );

  it('each address lands where the build put the placeholder, in links, JSON-LD, the sitemap and robots.txt', async () => {
    const about = (await request(context.app).get('/about-8901234')).text;
    expect(about).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/about-8901234">`);
    expect(about).toContain(`{"url":"${PUBLIC_ORIGIN}/"}`);
    expect((await request(context.app).get('/sitemap.xml')).text).toContain(
      `<loc>${PUBLIC_ORIGIN}/about-8901234</loc>`,
    );
    expect((await request(context.app).get('/robots.txt')).text).toContain(`Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`);
  });

  it('the sitemap and robots.txt keep their types and an hour of caching; pages stay no-cache', async () => {
    const sitemap = await request(context.app).get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.headers['cache-control']).toBe('public, max-age=3600');
    const robots = await request(context.app).get('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    const notFound = await request(context.app).get('/no-such-page');
    expect(notFound.status).toBe(404);
    expect(notFound.headers['cache-control']).toBe('no-cache');
  });

  it('a page keeps its ETag, and a browser holding it gets 304 without a body', async () => {
    const first = await request(context.app).get('/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await request(context.app).get('/').set('Accept-Encoding', 'gzip')).headers.etag).toBe(etag);
    const again = await request(context.app).get('/').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('a rewritten page is compressed, and a HEAD request gets its headers without the body', async () => {
    const gzipped = await request(context.app).get('/').set('Accept-Encoding', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.text).toContain(HOME_INTRO);
    const head = await request(context.app).head('/sitemap.xml');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe((await request(context.app).get('/sitemap.xml')).headers.etag);
    expect(head.text).toBeUndefined();
  });

  it('a file is read once: what was served stays in memory while the file on disk changes', async () => {
    const robotsFile = path.join(webRoot, 'robots.txt');
    const before = (await request(context.app).get('/robots.txt')).text;
    const original = readFileSync(robotsFile, 'utf8');
    writeFileSync(robotsFile, 'User-agent: *\nDisallow: /\n');
    try {
      expect((await request(context.app).get('/robots.txt')).text).toBe(before);
    } finally {
      writeFileSync(robotsFile, original);
    }
  });

  it('hashed assets are served as built, placeholder and all', async () => {
    const response = await request(context.app).get('/assets/copy-9a8b7c.txt');
    expect(response.status).toBe(200);
    expect(response.text).toBe(PUBLIC_ORIGIN_PLACEHOLDER);
  });

  it('APP_URL gives its origin; one that would need escaping in a page is refused', () => {
    expect(publicOriginOf('https://www.example.ng/')).toBe(PUBLIC_ORIGIN);
    expect(publicOriginOf('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(publicOriginOf('https://WWW.Example.NG:8443/agency')).toBe('https://www.example.ng:8443');
    expect(() => publicOriginOf('https://a"b.ng')).toThrow(/APP_URL/);
    expect(() => publicOriginOf('https://a&b.ng')).toThrow(/APP_URL/);
    expect(() => publicOriginOf('not a url')).toThrow(/APP_URL/);
  });
});

describe('the API around the pages', () => {
  it('an unknown /api path is a JSON 404', async () => {
    const response = await request(context.app).get('/api/no-such-endpoint.php');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.NOT_FOUND });
  });

  it('a malformed %-escape in an API path is a JSON 400, never a 5xx', async () => {
    const response = await request(context.app).get(`${API_PATHS.PROFILE_IMAGES}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
  });

  it('health answers 200 with the database up', async () => {
    const response = await request(context.app).get(API_PATHS.HEALTH);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, db: 'up' });
  });

  it('the wrong method on a known path is 405 JSON', async () => {
    const response = await request(context.app).post(API_PATHS.HEALTH);
    expect(response.status).toBe(405);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.METHOD_NOT_ALLOWED });
  });

  it('health answers 503 when the database is unreachable', async () => {
    const unreachable = await createTestContext();
    await unreachable.database.drop();
    try {
      const response = await request(unreachable.app).get(API_PATHS.HEALTH);
      expect(response.status).toBe(503);
      expect(response.body.success).toBe(false);
    } finally {
      await unreachable.sink.close();
    }
  });

  it('request logs carry no password, token, cookie or session id', async () => {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const logger = createLogger('info', capture);
    const app = createApp({
      db: context.db,
      dialect: context.database.dialect,
      mail: context.sender,
      clock: context.now,
      config: context.config,
      logger,
    });
    await registerAndConfirm({ ...context, app }, 'logged@example.ng');
    const login = await request(app)
      .post(API_PATHS.LOGIN)
      .send({ email: 'logged@example.ng', password: 'Wr0ng!Secret' });
    expect(login.status).toBe(401);
    await request(app)
      .get('/api/confirm-email.php?token=secret-token-value')
      .set('Cookie', 'rd.sid=s%3Asecret-sid.sig');
    const log = lines.join('');
    expect(log).toContain('/api/confirm-email.php?token=[redacted]');
    expect(log).not.toContain('secret-token-value');
    expect(log).not.toContain('Wr0ng!Secret');
    expect(log).not.toContain('secret-sid');
    expect(log).not.toMatch(/"cookie"/i);
  });
});

describe('without a web build', () => {
  it('page requests get a JSON note saying the web app is not built', async () => {
    const bare = await createTestContext();
    try {
      const response = await request(bare.app).get('/about-8901234');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, message: SERVER_MESSAGES.WEB_NOT_BUILT });
    } finally {
      await bare.close();
    }
  });
});

describe('route keys', () => {
  it('are lower-cased, decoded and trimmed of trailing slashes', () => {
    expect(routeKeyOf('/')).toBe('/');
    expect(routeKeyOf('/About-8901234/')).toBe('/about-8901234');
    expect(routeKeyOf('/%E0%A4%A')).toBeUndefined();
  });
});
