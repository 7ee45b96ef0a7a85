import { z } from 'zod';
import { CONTENT_TYPES, ContentSlugSchema } from './schemas';

/**
 * The Content area's API (issue 22, docs/decisions/0043). Editors and owners only: anyone else signed in gets 403.
 * Every change is written to the audit log.
 */
export const CONTENT_PATHS = {
  /** GET ?type=: the items of a type (or all), newest change first. POST {type, slug, data}: a new item, draft only. */
  ITEMS: '/api/content/items',
  /** GET: one item with its draft and versions. DELETE: removes it (its page answers 404, lists and sitemap drop it). */
  item: (id: number | string) => `/api/content/items/${id}`,
  /** PUT {slug?, data}: saves the draft (checked by the type's draft schema). */
  draft: (id: number | string) => `/api/content/items/${id}/draft`,
  /** POST {at?}: the draft becomes a new version, published now, or at `at` (ISO time) on the server's clock. */
  publish: (id: number | string) => `/api/content/items/${id}/publish`,
  /** POST: off the site (its page 404, lists and sitemap drop it); a pending schedule is cancelled. */
  unpublish: (id: number | string) => `/api/content/items/${id}/unpublish`,
  /** POST {version}: that earlier version is published again and becomes the draft. */
  rollback: (id: number | string) => `/api/content/items/${id}/rollback`,
  /** POST { direction }: a published item one place up or down in its type's list on the site. */
  move: (id: number | string) => `/api/content/items/${id}/move`,
  /** GET ?version=N|draft: the item's page as the public renderer draws it, for the editor's preview (HTML). */
  preview: (id: number | string) => `/api/content/items/${id}/preview`,
  /** POST multipart `image` (JPEG, PNG or WebP): stored with its AVIF and WebP variants. */
  IMAGES: '/api/content/images',
  /** PUT {x, y}: the focal point, in thousandths from the top left. */
  imageFocus: (id: string) => `/api/content/images/${id}/focus`,
  /** PUT {editor: boolean} (owners): whether this colleague may edit the site's content. */
  editor: (userId: number | string) => `/api/staff/${userId}/editor`,
} as const;

/** One responsive variant of an uploaded image: GET /media/{imageId}/{width}.{format}, cached for a year. */
export const mediaPath = (imageId: string, width: number, format: 'avif' | 'webp') =>
  `/media/${imageId}/${width}.${format}`;
/** The widths variants are made at (never wider than the original). */
export const CONTENT_IMAGE_WIDTHS = [480, 960, 1600] as const;
export const CONTENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CONTENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const CONTENT_STATES = ['draft', 'published', 'scheduled', 'changed'] as const;
/** draft: never published; published: live and the draft is the live version; changed: live, draft edited since. */
export type ContentState = (typeof CONTENT_STATES)[number];

export const ContentItemSummarySchema = z.object({
  id: z.number(),
  type: z.enum(CONTENT_TYPES),
  slug: z.string(),
  /** The draft's title (a testimonial: the person's name). */
  title: z.string(),
  state: z.enum(CONTENT_STATES),
  publishedVersion: z.number().nullable(),
  /** ISO time of a scheduled publish, if any. */
  publishAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The public page's path when the type has pages of its own (case studies, blog posts, trainings). */
  path: z.string().nullable(),
  /** In the list of items: its place (1 = first) in its type's list on the site, when it is published. */
  listPlace: z.number().int().positive().optional(),
});
export type ContentItemSummary = z.infer<typeof ContentItemSummarySchema>;

export const ContentVersionSchema = z.object({
  version: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});

export const ContentItemSchema = ContentItemSummarySchema.extend({
  /** The draft's fields: valid by ContentDraftSchemas[type]. */
  data: z.record(z.string(), z.unknown()),
  versions: z.array(ContentVersionSchema),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

export const CreateContentSchema = z.object({
  type: z.enum(CONTENT_TYPES),
  slug: ContentSlugSchema,
  data: z.record(z.string(), z.unknown()),
});
export const SaveDraftSchema = z.object({
  slug: ContentSlugSchema.optional(),
  data: z.record(z.string(), z.unknown()),
});
export const PublishSchema = z.object({ at: z.iso.datetime({ offset: true }).optional() });
export const RollbackSchema = z.object({ version: z.number().int().positive() });
export const MoveContentSchema = z.object({ direction: z.enum(['up', 'down']) });
export type MoveDirection = z.infer<typeof MoveContentSchema>['direction'];
export const ImageFocusSchema = z.object({
  x: z.number().int().min(0).max(1000),
  y: z.number().int().min(0).max(1000),
});
export const ContentEditorSchema = z.object({ editor: z.boolean() });

/** An uploaded image as the editor gets it back: the original's size, its focal point and its variants. */
export const ContentImageSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  /** Thousandths of the width and height from the top left (500, 500: the centre). */
  focalX: z.number(),
  focalY: z.number(),
  variants: z.array(
    z.object({ format: z.enum(['avif', 'webp']), width: z.number(), height: z.number(), path: z.string() }),
  ),
});
export type ContentImage = z.infer<typeof ContentImageSchema>;
/** POST CONTENT_PATHS.IMAGES (201 new, 200 the same file again) and PUT imageFocus. */
export const ContentImageAnswerSchema = z.object({ success: z.literal(true), image: ContentImageSchema });
