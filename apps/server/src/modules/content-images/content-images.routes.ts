import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_MESSAGES,
  CONTENT_PATHS,
  ContentImageAnswerSchema,
  ImageFocusSchema,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { jsonAnswer, outputSchemaOf, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { signedInUserId } from '../auth/require-staff';
import {
  assertContentEditor,
  CONTENT_IMAGE_ID,
  findMediaVariant,
  setImageFocus,
  uploadContentImage,
  VARIANT_CONTENT_TYPES,
} from './content-images.service';

export const CONTENT_IMAGE_ROUTES = {
  focus: CONTENT_PATHS.imageFocus(':id'),
  /** mediaPath(id, width, format) in @agency/shared: `/media/{id}/{width}.{format}`. */
  media: '/media/:id/:file',
} as const;

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** A variant's file name: its width and format (`960.avif`). */
const VARIANT_FILE = /^([1-9][0-9]{0,4})\.(avif|webp)$/;

const imageFile = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
}).single('image');

/** The one file of the multipart body, with the refusals an editor can act on (the limit in MB, one at a time). */
const readImageFile: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) throw new AppError(415, CONTENT_IMAGE_MESSAGES.NO_FILE);
  imageFile(req, res, (error: unknown) => {
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
      next(new AppError(413, CONTENT_IMAGE_MESSAGES.TOO_LARGE, { image: CONTENT_IMAGE_MESSAGES.TOO_LARGE }));
    } else if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_COUNT') {
      next(new AppError(400, CONTENT_IMAGE_MESSAGES.ONE_FILE, { image: CONTENT_IMAGE_MESSAGES.ONE_FILE }));
    } else {
      next(error);
    }
  });
};

const inImage = {
  parameters: [
    { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: CONTENT_IMAGE_ID.source } },
  ],
  parse: (raw: Record<string, string>) => String(raw.id),
};

/**
 * Images for the site's content (issue 22, docs/decisions/0043 "Images"): editors and owners upload them and set
 * their focal points. Their variants are served by contentMediaRouter.
 */
export function contentImagesRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  const tags = ['Content'];
  // The same rule as the Content area's: editors and owners (users.content_editor or role owner).
  const editorsOnly: RequestHandler = async (req, _res, next) => {
    await assertContentEditor(deps, signedInUserId(req));
    next();
  };
  return [
    declareRoute({
      access: 'staff',
      tags,
      method: 'post',
      path: CONTENT_PATHS.IMAGES,
      operationId: 'uploadContentImage',
      summary: 'Stores a JPEG, PNG or WebP picture with its AVIF and WebP variants (editors and owners; audited)',
      description:
        'The type is read from the bytes. The same file again answers 200 with the image already stored. Variants ' +
        'keep the aspect ratio, at 480, 960 and 1600 px wide where the original is at least as wide.',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { image: { type: 'string', format: 'binary' } },
              required: ['image'],
            },
            encoding: { image: { contentType: 'image/jpeg, image/png, image/webp' } },
          },
        },
      },
      before: [editorsOnly, readImageFile],
      responses: {
        '200': jsonAnswer('The same file was uploaded before: that image', outputSchemaOf(ContentImageAnswerSchema)),
        '201': jsonAnswer('The image and its variants', outputSchemaOf(ContentImageAnswerSchema)),
        ...refusals(400, 401, 403, 405, 413, 415, 503),
      },
      handle: async ({ req, res }) => {
        if (!req.file || req.file.size === 0) {
          throw new AppError(400, CONTENT_IMAGE_MESSAGES.NO_FILE, { image: CONTENT_IMAGE_MESSAGES.NO_FILE });
        }
        const { image, created } = await uploadContentImage(deps, req.file.buffer, signedInUserId(req));
        res.status(created ? 201 : 200).json({ success: true, image });
      },
    }),
    declareRoute({
      access: 'staff',
      tags,
      method: 'put',
      path: CONTENT_IMAGE_ROUTES.focus,
      operationId: 'setContentImageFocus',
      summary: "Sets an image's focal point, in thousandths from the top left (editors and owners)",
      params: inImage,
      body: { schema: ImageFocusSchema },
      before: [editorsOnly],
      responses: {
        '200': jsonAnswer('The image with its focal point', outputSchemaOf(ContentImageAnswerSchema)),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ res, params: id, body }) => {
        res.json({ success: true, image: await setImageFocus(deps, id, body) });
      },
    }),
  ];
}

/**
 * GET /media/{id}/{width}.{format}: one variant of an uploaded image, for anyone, from the database (one read by the
 * table's primary key), so every instance serves it. Beside the site's pages and files, out of the API's document.
 * An image's id is a hash of its original and its variants are made once, so an address always names the same bytes:
 * browsers and proxies keep them a year.
 */
export function contentMediaRouter(deps: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.get(CONTENT_IMAGE_ROUTES.media, async (req, res) => {
    const id = String(req.params.id);
    const file = String(req.params.file);
    const [, width, format] = VARIANT_FILE.exec(file) ?? [];
    if (!width || (format !== 'avif' && format !== 'webp')) throw new AppError(404, CONTENT_IMAGE_MESSAGES.NOT_FOUND);
    const bytes = await findMediaVariant(deps, id, Number(width), format);
    if (!bytes) throw new AppError(404, CONTENT_IMAGE_MESSAGES.NOT_FOUND);
    res.setHeader('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
    res.setHeader('ETag', `"${id}-${file}"`);
    res.type(VARIANT_CONTENT_TYPES[format]).send(bytes);
  });
  return router;
}
