import type { Response } from 'express';
import type { Kysely } from 'kysely';
import { API_MESSAGES, API_PATHS, DEFAULT_AVATAR } from '@agency/shared';
import type { Database } from '../../lib/database-schema';
import { refusals } from '../../lib/json-schema';
import { DEFAULT_AVATAR_FILE } from '../../lib/paths';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { findServableProfileImage } from './profile-images.service';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function notFound(res: Response): void {
  res.status(404).json({ success: false, message: API_MESSAGES.NOT_FOUND });
}

/** Profile images by name only: a stored name or the default avatar; anything else is 404. */
export function profileImagesRouteDeclarations(db: Kysely<Database>): DeclaredRoute[] {
  return [
    declareRoute({
      method: 'get',
      path: `${API_PATHS.PROFILE_IMAGES}/:file`,
      // The spec's own path, for older clients, beside the one under /api (issue 10).
      alsoAt: [`${API_PATHS.SPEC_PROFILE_IMAGES}/:file`],
      access: 'public',
      operationId: 'profileImage',
      tags: ['Account'],
      summary: 'A profile image by its stored name, or the default avatar (also at /uploads/profile_images/{file})',
      params: {
        parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }],
        parse: (raw) => String(raw.file),
      },
      responses: {
        '200': { description: 'The image', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
        ...refusals(404, 405, 503),
      },
      handle: async ({ res, next, params: file }) => {
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
      },
    }),
  ];
}
