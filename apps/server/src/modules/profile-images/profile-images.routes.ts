import { Router, type RequestHandler, type Response } from 'express';
import type { Kysely } from 'kysely';
import { API_MESSAGES, API_PATHS, DEFAULT_AVATAR } from '@agency/shared';
import type { Database } from '../../lib/database-schema';
import { DEFAULT_AVATAR_FILE } from '../../lib/paths';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { findServableProfileImage } from './profile-images.service';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function notFound(res: Response): void {
  res.status(404).json({ success: false, message: API_MESSAGES.NOT_FOUND });
}

/** Profile images by name only: a stored name or the default avatar; anything else is 404. */
export function profileImagesRoutes(db: Kysely<Database>): Router {
  const router = Router();
  const serve: RequestHandler = async (req, res, next) => {
    const file = String(req.params.file);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (file === DEFAULT_AVATAR) {
      // Shipped with the server, so it may change with a new version: kept for a day only.
      res.setHeader('Cache-Control', 'public, max-age=86400');
      // A range past the file's end is 416 and a missing file 404, answered by the error handler in JSON.
      res.sendFile(DEFAULT_AVATAR_FILE, { dotfiles: 'deny' }, (error) => {
        if (error && !res.headersSent) next(error);
      });
      return;
    }
    const image = await findServableProfileImage(db, file);
    if (!image) return notFound(res);
    // Random names never change content, so the browser may keep them.
    res.setHeader('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
    res.setHeader('Last-Modified', new Date(image.createdAt).toUTCString());
    res.type(image.contentType).send(image.content);
  };
  // The spec's own path, for older clients, beside the one under /api (issue 10).
  for (const base of [API_PATHS.PROFILE_IMAGES, API_PATHS.SPEC_PROFILE_IMAGES]) {
    router
      .route(`${base}/:file`)
      .get(serve)
      .all(methodNotAllowed(['GET']));
  }
  return router;
}
