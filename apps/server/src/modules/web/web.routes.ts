import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  firstTouchOfVisit,
  pathKey,
  PUBLIC_ORIGIN_PLACEHOLDER,
  SERVER_MESSAGES,
  type IssuedSumQuestion,
} from '@agency/shared';
import { fillFirstTouchSlots, fillFormSlots, hasFormSlots } from './form-pages';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const MANIFEST_FILE = 'routes-manifest.json';

const RoutesManifestSchema = z.object({
  routes: z.record(z.string(), z.string()),
  notFound: z.string(),
});

/** The build's files that name the public address: the pages, sitemap.xml and robots.txt (docs/decisions/0017). */
const ADDRESSED_FILE = /\.(?:html|xml|txt)$/;
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

interface AddressedFile {
  body: Buffer;
  etag: string;
  /** A page with a public form: its question, token and key are written in per request (docs/decisions/0019). */
  formSlots: boolean;
}

/** A fresh question with its token, and a new key, for one public form page. */
export type IssueFormSlots = () => { question: IssuedSumQuestion; idempotencyKey: string };

/**
 * The addressed files of the build, each read on its first request with the placeholder origin replaced by the
 * public one, then answered from memory: the same bytes and ETag every time, whatever the files on disk do later.
 */
function addressedFiles(webRoot: string, publicOrigin: string) {
  const names = new Set(
    readdirSync(webRoot, { recursive: true, encoding: 'utf8' })
      .map((name) => name.split(path.sep).join('/'))
      .filter((name) => ADDRESSED_FILE.test(name) && !name.startsWith('assets/') && !/(?:^|\/)\./.test(name)),
  );
  const loaded = new Map<string, Promise<AddressedFile>>();
  const load = async (name: string): Promise<AddressedFile> => {
    const text = await readFile(path.join(webRoot, name), 'utf8');
    const body = Buffer.from(text.replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, publicOrigin));
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    const formSlots = name.endsWith('.html') && hasFormSlots(text);
    return { body, etag: `W/"${body.length.toString(16)}-${hash}"`, formSlots };
  };
  return {
    has: (name: string) => names.has(name),
    read(name: string): Promise<AddressedFile> {
      let file = loaded.get(name);
      if (!file) {
        file = load(name);
        // A file that could not be read is tried again next time rather than failing for good.
        file.catch(() => loaded.delete(name));
        loaded.set(name, file);
      }
      return file;
    },
  };
}

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
 * every page from its prerendered HTML (routes-manifest.json), anything else the 404 page. The pages, sitemap.xml
 * and robots.txt name `appUrl`'s origin (docs/decisions/0017). A page with a public form gets a fresh question, token
 * and key in its slots per request, and is never cached (0019). Without a build, page requests get a short JSON note.
 */
export function webRoutes(webRoot: string, appUrl: string, issueFormSlots?: IssueFormSlots): Router {
  const router = Router();
  const manifestPath = path.join(webRoot, MANIFEST_FILE);
  if (!existsSync(manifestPath)) {
    router.get(/^(?!\/api(?:\/|$)).*/, (_req, res) => {
      res.status(404).json({ success: false, message: SERVER_MESSAGES.WEB_NOT_BUILT });
    });
    return router;
  }
  const manifest = RoutesManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  const publicOrigin = publicOriginOf(appUrl);
  const files = addressedFiles(webRoot, publicOrigin);

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

  const sendAddressed = async (req: Request, res: Response, status: number, name: string) => {
    const file = await files.read(name);
    res.status(status);
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
    if (name === undefined || !files.has(name)) return next();
    await sendAddressed(req, res, 200, name);
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
    const key = req.path.startsWith('/assets/') ? undefined : routeKeyOf(req.path);
    const page = key === undefined ? undefined : manifest.routes[key];
    if (page) await sendAddressed(req, res, 200, page);
    else await sendAddressed(req, res, 404, manifest.notFound);
  });
  return router;
}
