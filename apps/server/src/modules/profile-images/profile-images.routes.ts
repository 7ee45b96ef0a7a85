import path from 'node:path';
import { Router, type Response } from 'express';
import { API_MESSAGES, API_PATHS, DEFAULT_AVATAR } from '@agency/shared';
import { DEFAULT_AVATAR_FILE, profileImagesDir } from '../../lib/paths';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { STORED_IMAGE_NAME } from './profile-images.service';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function sendImage(res: Response, file: string, cacheControl: string): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', cacheControl);
  res.sendFile(file, { dotfiles: 'deny' }, (error) => {
    if (error && !res.headersSent) res.status(404).json({ success: false, message: API_MESSAGES.NOT_FOUND });
  });
}

/** Profile images by name only: anything but a stored name or the default avatar is 404. */
export function profileImagesRoutes(dataDir: string): Router {
  const router = Router();
  const directory = profileImagesDir(dataDir);
  router
    .route(`${API_PATHS.PROFILE_IMAGES}/:file`)
    .get((req, res) => {
      const file = req.params.file;
      if (file === DEFAULT_AVATAR) return sendImage(res, DEFAULT_AVATAR_FILE, 'public, max-age=86400');
      if (!STORED_IMAGE_NAME.test(file)) {
        res.status(404).json({ success: false, message: API_MESSAGES.NOT_FOUND });
        return;
      }
      // Random names never change content, so the browser may keep them.
      sendImage(res, path.join(directory, file), `public, max-age=${YEAR_SECONDS}, immutable`);
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
