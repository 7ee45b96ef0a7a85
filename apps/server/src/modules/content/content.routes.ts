import type { RequestHandler } from 'express';
import { z } from 'zod';
import {
  CONTENT_PATHS,
  CONTENT_TYPES,
  ContentItemSchema,
  ContentItemSummarySchema,
  CreateContentSchema,
  decimalId,
  MoveContentSchema,
  PATHS,
  PublishSchema,
  RollbackSchema,
  SaveDraftSchema,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { jsonAnswer, outputSchemaOf, ref, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { parseInput } from '../../middleware/validate';
import { findUserById, mayEditContent } from '../auth/auth.service';
import { signedInUserId } from '../auth/require-staff';
import {
  contentPagePath,
  createContent,
  deleteContent,
  draftContent,
  getContent,
  listContent,
  moveContent,
  publishContent,
  rollbackContent,
  saveDraft,
  unpublishContent,
} from './content.service';

/** The routes of CONTENT_PATHS' items, with the id as a parameter (content.test.ts checks they agree). */
export const CONTENT_ROUTES = {
  items: CONTENT_PATHS.ITEMS,
  item: CONTENT_PATHS.item(':id'),
  draft: CONTENT_PATHS.draft(':id'),
  publish: CONTENT_PATHS.publish(':id'),
  unpublish: CONTENT_PATHS.unpublish(':id'),
  rollback: CONTENT_PATHS.rollback(':id'),
  move: CONTENT_PATHS.move(':id'),
  preview: CONTENT_PATHS.preview(':id'),
} as const;

/** Without the built site (a development server on its own) there is no page renderer to preview with. */
export const PREVIEW_UNAVAILABLE = 'The preview needs the built site: run the build, then start the server again.';

/** What a signed-in colleague who is neither an owner nor a content editor hears. */
export const EDITORS_ONLY = 'Only an owner or a content editor can do this.';

/** Owners and content editors only: after the staff guard (401 without a session, 403 to anyone not staff). */
export function requireContentEditor(deps: Pick<AppDeps, 'db'>): RequestHandler {
  return async (req, _res, next) => {
    const user = await findUserById(deps.db, signedInUserId(req));
    if (!user || !mayEditContent(user)) throw new AppError(403, EDITORS_ONLY);
    next();
  };
}

const IdParamSchema = z.object({ id: decimalId });
const inItem = {
  parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } }],
  parse: (raw: Record<string, string>) => parseInput(IdParamSchema, { id: raw.id }).id,
};

const ListQuerySchema = z.object({
  type: z.enum(CONTENT_TYPES).optional().describe("One type's items; all when absent."),
});
const PreviewQuerySchema = z.object({
  version: z
    .union([z.literal('draft'), decimalId])
    .optional()
    .describe('A version number, or `draft` (the default): what the preview draws.'),
});

const itemAnswer = (description: string) =>
  jsonAnswer(description, outputSchemaOf(z.object({ success: z.literal(true), item: ContentItemSchema })));
const conflict = (description: string) => jsonAnswer(description, ref('Envelope'));

/** The Content area's items (issue 22, docs/decisions/0043): owners and content editors only. */
export function contentRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  const editorsOnly: RequestHandler[] = [requireContentEditor(deps)];
  const editors = { access: 'staff', tags: ['Content'], before: editorsOnly } as const;
  return [
    declareRoute({
      ...editors,
      method: 'get',
      path: CONTENT_ROUTES.items,
      operationId: 'listContent',
      summary: 'The content items of a type (or all), newest change first (owners and content editors)',
      query: ListQuerySchema,
      responses: {
        '200': jsonAnswer(
          'The items',
          outputSchemaOf(z.object({ success: z.literal(true), items: z.array(ContentItemSummarySchema) })),
        ),
        ...refusals(400, 401, 403, 405, 503),
      },
      handle: async ({ res, query }) => {
        res.json({ success: true, items: await listContent(deps, query.type) });
      },
    }),
    declareRoute({
      ...editors,
      method: 'post',
      path: CONTENT_ROUTES.items,
      operationId: 'createContent',
      summary: 'A new item, as a draft only (trainings are fixed: 400)',
      description:
        "`data` is checked by the type's draft schema; refusals name each field by its path in `data` (`mockup.alt`). A slug another item of the type uses is 409.",
      body: { schema: CreateContentSchema },
      responses: {
        '201': itemAnswer('The new item'),
        '409': conflict('Another item of the type uses the slug'),
        ...refusals(400, 401, 403, 405, 413, 415, 503),
      },
      handle: async ({ req, res, body }) => {
        res.status(201).json({ success: true, item: await createContent(deps, body, signedInUserId(req)) });
      },
    }),
    declareRoute({
      ...editors,
      method: 'get',
      path: CONTENT_ROUTES.item,
      operationId: 'getContent',
      summary: 'One item with its draft and versions',
      params: inItem,
      responses: { '200': itemAnswer('The item'), ...refusals(400, 401, 403, 404, 405, 503) },
      handle: async ({ res, params: id }) => {
        res.json({ success: true, item: await getContent(deps, id) });
      },
    }),
    declareRoute({
      ...editors,
      method: 'delete',
      path: CONTENT_ROUTES.item,
      operationId: 'deleteContent',
      summary: 'Removes an item: its page answers 404 and every list and the sitemap drop it (trainings: 400)',
      params: inItem,
      responses: { '200': jsonAnswer('Deleted'), ...refusals(400, 401, 403, 404, 405, 503) },
      handle: async ({ req, res, params: id }) => {
        await deleteContent(deps, id, signedInUserId(req));
        res.json({ success: true });
      },
    }),
    declareRoute({
      ...editors,
      method: 'put',
      path: CONTENT_ROUTES.draft,
      operationId: 'saveContentDraft',
      summary: "Saves the draft (the type's draft schema); a new slug must be free among the type's items",
      params: inItem,
      body: { schema: SaveDraftSchema },
      responses: {
        '200': itemAnswer('The item as saved'),
        '409': conflict('Another item of the type uses the slug'),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: id, body }) => {
        res.json({ success: true, item: await saveDraft(deps, id, body, signedInUserId(req)) });
      },
    }),
    declareRoute({
      ...editors,
      method: 'post',
      path: CONTENT_ROUTES.publish,
      operationId: 'publishContent',
      summary: 'The draft becomes a new version, published now or at `at`',
      description:
        "The draft must pass the type's publish schema (alt text on every image, a testimonial's consent): 400 names each field. `at` later than the server's clock schedules the version; a time now or past publishes now.",
      params: inItem,
      body: { schema: PublishSchema },
      responses: {
        '200': itemAnswer('The item as published or scheduled'),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: id, body }) => {
        res.json({ success: true, item: await publishContent(deps, id, body.at, signedInUserId(req)) });
      },
    }),
    declareRoute({
      ...editors,
      method: 'post',
      path: CONTENT_ROUTES.unpublish,
      operationId: 'unpublishContent',
      summary: 'Takes the item off the site and cancels a pending schedule',
      params: inItem,
      responses: {
        '200': itemAnswer('The item, off the site'),
        '409': conflict('The item is neither published nor scheduled'),
        ...refusals(400, 401, 403, 404, 405, 503),
      },
      handle: async ({ req, res, params: id }) => {
        res.json({ success: true, item: await unpublishContent(deps, id, signedInUserId(req)) });
      },
    }),
    declareRoute({
      ...editors,
      method: 'post',
      path: CONTENT_ROUTES.rollback,
      operationId: 'rollbackContent',
      summary: 'Publishes an earlier version again; it becomes the draft',
      params: inItem,
      body: { schema: RollbackSchema },
      responses: { '200': itemAnswer('The item as rolled back'), ...refusals(400, 401, 403, 404, 405, 413, 415, 503) },
      handle: async ({ req, res, params: id, body }) => {
        res.json({ success: true, item: await rollbackContent(deps, id, body.version, signedInUserId(req)) });
      },
    }),
    declareRoute({
      ...editors,
      method: 'post',
      path: CONTENT_ROUTES.move,
      operationId: 'moveContent',
      summary: "Moves a published item one place up or down in its type's list on the site",
      params: inItem,
      body: { schema: MoveContentSchema },
      responses: {
        '200': itemAnswer('The item, moved'),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
        '409': conflict('The item is not published, or already first or last in its list'),
      },
      handle: async ({ req, res, params: id, body }) => {
        res.json({ success: true, item: await moveContent(deps, id, body.direction, signedInUserId(req)) });
      },
    }),
    declareRoute({
      ...editors,
      method: 'get',
      path: CONTENT_ROUTES.preview,
      operationId: 'previewContent',
      summary: "The item's page as the public renderer draws it, from the draft or a version (HTML)",
      params: inItem,
      query: PreviewQuerySchema,
      responses: {
        '200': { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } },
        '501': conflict('The page renderer is not available on this server'),
        ...refusals(400, 401, 403, 404, 405, 503),
      },
      handle: async ({ res, params: id, query }) => {
        const preview = await draftContent(deps.db, id, query.version ?? 'draft');
        if (!deps.sitePages?.available) throw new AppError(501, PREVIEW_UNAVAILABLE);
        // A testimonial has no page of its own: it is previewed where the site shows testimonials, the home page.
        const pagePath = contentPagePath(preview.type, preview.slug) ?? PATHS.home;
        const html = await deps.sitePages.renderPreview(preview.content, pagePath);
        res.type('html').send(html);
      },
    }),
  ];
}
