import path from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { firstTouchOfVisit, pathKey, SERVER_MESSAGES, type IssuedSumQuestion } from '@agency/shared';
import { fillFirstTouchSlots, fillFormSlots } from './form-pages';
import { isAddressedName, type PageSet, type SitePages } from './site-pages';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** An origin that reads the same in an HTML attribute, a JSON string, XML text and plain text. */
const PLAIN_ORIGIN = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d+)?$/i;

/** APP_URL's origin, the public address written into the pages; an address that would need escaping is refused. */
export function publicOriginOf(appUrl: string): string {
  const origin = URL.canParse(appUrl) ? new URL(appUrl).origin : '';
  if (!PLAIN_ORIGIN.test(origin)) {
    throw new Error(`APP_URL ${JSON.stringify(appUrl)} has no plain http(s) origin to write into the pages.`);
  }
  return origin;
}

/** A fresh question with its token, and a new key, for one public form page. */
export type IssueFormSlots = () => { question: IssuedSumQuestion; idempotencyKey: string };

/**
 * The page of a form post's outcome, for a GET of a form page whose address names one (docs/decisions/0045); nothing
 * when the outcome is not this browser's, is over, or belongs to another page.
 */
export type ShowFormOutcome = (req: Request, pageKey: string) => Promise<string | undefined>;

/** The build file a request path names (relative, with forward slashes); none if malformed. */
function fileNameOf(requestPath: string): string | undefined {
  try {
    return decodeURIComponent(requestPath).slice(1);
  } catch {
    return undefined;
  }
}

/** The manifest key of a requested path: decoded, then keyed as the prerenderer keyed the pages; none if malformed. */
export function routeKeyOf(requestPath: string): string | undefined {
  try {
    return pathKey(decodeURIComponent(requestPath));
  } catch {
    return undefined;
  }
}

/**
 * Serves apps/web/dist/client as docs/decisions/0001 describes: hashed assets cached for a year,
 * every page from the site's current set of pages (`site`: the build's prerendered files, or the pages rendered again
 * from the published content, docs/decisions/0043), anything else the 404 page. The pages, sitemap.xml and robots.txt
 * name `appUrl`'s origin (docs/decisions/0017). A page with a public form gets a fresh question, token and key in its
 * slots per request, and is never cached (0019); its GET with a form post's outcome shows that outcome (0045). Without a build, page requests get a short JSON note.
 */
export function webRoutes(
  webRoot: string,
  appUrl: string,
  site: SitePages,
  issueFormSlots?: IssueFormSlots,
  showFormOutcome?: ShowFormOutcome,
): Router {
  const router = Router();
  if (!site.available) {
    router.get(/^(?!\/api(?:\/|$)).*/, (_req, res) => {
      res.status(404).json({ success: false, message: SERVER_MESSAGES.WEB_NOT_BUILT });
    });
    return router;
  }
  const publicOrigin = publicOriginOf(appUrl);

  /**
   * The first touch of a visit landing on a form page without JavaScript (docs/decisions/0041): the Referer's host
   * and class, and the address's utm_* values. A Referer from our own site is no first touch: nothing then.
   */
  const firstTouchOf = (req: Request) =>
    firstTouchOfVisit({
      referrer: req.get('Referer'),
      landingQuery: req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '',
      ownHosts: [new URL(publicOrigin).hostname, req.hostname],
    });

  /** Answers from one set of pages: a request never mixes two revisions. */
  const sendAddressed = async (req: Request, res: Response, pages: PageSet, status: number, name: string) => {
    const file = await pages.read(name);
    res.status(status);
    const pageKey = routeKeyOf(req.path);
    const outcome = file.formSlots && showFormOutcome && pageKey ? await showFormOutcome(req, pageKey) : undefined;
    if (outcome !== undefined) {
      // One visitor's outcome, with what they typed: never kept by a browser's cache or a proxy.
      res.setHeader('Cache-Control', 'no-store');
      res.type('.html');
      res.send(outcome);
      return;
    }
    if (file.formSlots && issueFormSlots) {
      // A token is single-use: a copy kept by the browser or a proxy would hand out a spent question. The same
      // no-store keeps a page with one visitor's source in it from being handed to another (0041).
      const { question, idempotencyKey } = issueFormSlots();
      const touch = firstTouchOf(req);
      const page = fillFormSlots(file.body.toString('utf8'), question, idempotencyKey);
      res.setHeader('Cache-Control', 'no-store');
      res.type('.html');
      res.send(touch ? fillFirstTouchSlots(page, touch) : page);
      return;
    }
    res.setHeader('Cache-Control', name.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
    res.setHeader('ETag', file.etag);
    res.type(path.extname(name));
    // res.send answers a conditional GET whose ETag still matches with 304 (only for a 2xx status).
    res.send(file.body);
  };

  router.use(
    '/assets',
    express.static(path.join(webRoot, 'assets'), {
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
      index: false,
      redirect: false,
      fallthrough: true,
    }),
  );
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = fileNameOf(req.path);
    if (name === undefined) return next();
    const pages = await site.current();
    if (pages.has(name)) return sendAddressed(req, res, pages, 200, name);
    if (isAddressedName(name) || pages.dropped(`/${name}`)) return sendAddressed(req, res, pages, 404, pages.notFound);
    // An og:image the published content gave a new title, drawn by the server.
    const image = pages.drawn(`/${name}`);
    if (!image) return next();
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('ETag', image.etag);
    res.type('.png');
    res.send(image.body);
  });
  router.use(
    express.static(webRoot, {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      setHeaders(res) {
        res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    }),
  );

  router.get(/^(?!\/api(?:\/|$)).*/, async (req, res) => {
    const pages = await site.current();
    const key = req.path.startsWith('/assets/') ? undefined : routeKeyOf(req.path);
    const page = key === undefined ? undefined : pages.pageOf(key);
    if (page) await sendAddressed(req, res, pages, 200, page);
    else await sendAddressed(req, res, pages, 404, pages.notFound);
  });
  return router;
}
