import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type Response } from 'express';
import { z } from 'zod';
import { pathKey, SERVER_MESSAGES } from '@agency/shared';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const MANIFEST_FILE = 'routes-manifest.json';

const RoutesManifestSchema = z.object({
  routes: z.record(z.string(), z.string()),
  notFound: z.string(),
});

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
 * every page from its prerendered HTML (routes-manifest.json), anything else the 404 page.
 * Without a build, page requests get a short JSON note instead.
 */
export function webRoutes(webRoot: string): Router {
  const router = Router();
  const manifestPath = path.join(webRoot, MANIFEST_FILE);
  if (!existsSync(manifestPath)) {
    router.get(/^(?!\/api(?:\/|$)).*/, (_req, res) => {
      res.status(404).json({ success: false, message: SERVER_MESSAGES.WEB_NOT_BUILT });
    });
    return router;
  }
  const manifest = RoutesManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));

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
  router.use(
    express.static(webRoot, {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
      },
    }),
  );

  const sendPage = (res: Response, status: number, file: string) => {
    res.status(status);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html');
    res.sendFile(path.join(webRoot, file), (error) => {
      if (error && !res.headersSent) res.status(404).type('text/plain').send('Not found');
    });
  };

  router.get(/^(?!\/api(?:\/|$)).*/, (req, res) => {
    const key = req.path.startsWith('/assets/') ? undefined : routeKeyOf(req.path);
    const page = key === undefined ? undefined : manifest.routes[key];
    if (page) sendPage(res, 200, page);
    else sendPage(res, 404, manifest.notFound);
  });
  return router;
}
