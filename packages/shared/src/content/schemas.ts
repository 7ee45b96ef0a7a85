import { z } from 'zod';

/**
 * The site's content as staff edit it (issue 22, docs/decisions/0043): four types, each a JSON document validated by
 * its schema here, stored as a draft and numbered versions on a `content_items` row whose `slug` names its page.
 * `ContentDraftSchemas` accept a draft (what an editor saves while writing); `ContentPublishSchemas` add what must be
 * true before anyone sees it (alt text on every image, a testimonial's consent).
 */
export const CONTENT_TYPES = ['case_study', 'blog_post', 'testimonial', 'training'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_TYPE_LABELS: Record<ContentType, { one: string; many: string }> = {
  case_study: { one: 'Case study', many: 'Case studies' },
  blog_post: { one: 'Blog post', many: 'Blog posts' },
  testimonial: { one: 'Testimonial', many: 'Testimonials' },
  training: { one: 'Training', many: 'Trainings' },
};

/** A page's address segment: lower-case words joined by hyphens. */
export const CONTENT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ContentSlugSchema = z
  .string()
  .trim()
  .min(2, 'Give the page address at least 2 characters.')
  .max(120, 'Keep the page address under 120 characters.')
  .regex(CONTENT_SLUG, 'Use lower-case letters, digits and hyphens only (for example "new-bakery-website").');

const text = (max: number) => z.string().trim().max(max, `Keep this under ${max} characters.`);
const required = (max: number) => text(max).min(1, 'Fill this in.');
/** A day as YYYY-MM-DD. */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-01.');

/**
 * A picture: one the editor uploaded (`imageId`: its responsive variants are served under /media/) or one of the
 * site's own drawings (`src`: /images/...). Width and height are the original's, so the page reserves its box.
 */
export const ImageRefSchema = z
  .object({
    imageId: z
      .string()
      .regex(/^[a-z0-9]{8,32}$/)
      .optional(),
    src: z
      .string()
      .regex(/^\/images\/[a-z0-9/_-]+\.(?:svg|png|jpg|webp|avif)$/)
      .optional(),
    width: z.number().int().positive().max(10000),
    height: z.number().int().positive().max(10000),
    alt: text(300),
    /** Where the crop is centred, in thousandths from the top left (the image's focal point when it was chosen). */
    focalX: z.number().int().min(0).max(1000).optional(),
    focalY: z.number().int().min(0).max(1000).optional(),
  })
  .refine(
    (image) => Boolean(image.imageId) !== Boolean(image.src),
    'An image is either uploaded or one of the site’s.',
  );
export type ImageRef = z.infer<typeof ImageRefSchema>;
const withAlt = (image: ImageRef) => image.alt.trim().length > 0;
const ALT_REQUIRED = 'Describe the image (alt text) before publishing.';

export const CaseStudyDataSchema = z.object({
  title: required(160),
  /**
   * The name on the case's portfolio card and home carousel slide ("Planet Laundromat"); without it, the client's
   * name. Optional, so the versions stored before it was added stay valid.
   */
  shortTitle: text(40).optional(),
  client: required(120),
  /** The services the project used, as the portfolio shows them ("Web Design & Development"). */
  services: required(120),
  /** As the page shows it ("March 2025"). */
  date: required(40),
  location: text(120),
  summary: required(1200),
  metaDescription: required(200),
  mockup: ImageRefSchema,
  /** The body: each section a challenge and how it was solved. */
  challenges: z.array(z.object({ challenge: required(400), solution: required(1200) })).max(20),
  results: z.array(required(400)).max(20),
  websiteUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
  websiteLabel: text(60),
});
export type CaseStudyData = z.infer<typeof CaseStudyDataSchema>;

export const BlogPostDataSchema = z.object({
  title: required(160),
  summary: required(400),
  metaDescription: required(200),
  /** Markdown (docs/decisions/0043): paragraphs, ## and ### headings, lists, links, bold and italics; no HTML. */
  body: required(50000),
  cover: ImageRefSchema.nullable(),
  author: required(120),
  date: isoDay,
  category: required(60),
  /** Where a reader who wants help with the topic goes next (a path on this site). */
  next: z.object({ text: required(300), label: required(80), path: z.string().regex(/^\/[^/]/) }).nullable(),
});
export type BlogPostData = z.infer<typeof BlogPostDataSchema>;

export const TESTIMONIAL_CATEGORIES = [
  'Web Development',
  'Creative Design',
  'Digital Marketing',
  'Web App Development',
] as const;

export const TestimonialDataSchema = z.object({
  quote: required(600),
  name: required(120),
  role: required(160),
  category: z.enum(TESTIMONIAL_CATEGORIES),
  /** The person agreed to be quoted on the site: required to publish. */
  consent: z.boolean(),
});
export type TestimonialData = z.infer<typeof TestimonialDataSchema>;

/** The two trainings have a registration form each, so their items are fixed: `web` and `creative`. */
export const TRAINING_SLUGS = ['web', 'creative'] as const;

export const TrainingDataSchema = z.object({
  title: required(160),
  metaDescription: required(200),
  summary: required(400),
  intro: required(1200),
  aboutHeading: required(120),
  aboutText: required(2000),
  technologiesHeading: required(120),
  technologies: z.array(required(60)).max(30),
  /** The curriculum: what a student leaves able to do. */
  outcomes: z.array(required(300)).max(30),
  /** Fee in whole naira per schedule; none: the page says to call for fees (pricesNote). */
  prices: z
    .array(
      z.object({
        schedule: z.enum(['Weekday', 'Weekend']),
        feeNaira: z.number().int().min(0).max(100_000_000),
        duration: required(40),
      }),
    )
    .max(4),
  pricesNote: text(400),
  nextCohortStart: isoDay.nullable(),
  seats: z.number().int().min(0).max(1000).nullable(),
  registrationHeading: required(160),
  registrationText: required(400),
  illustration: ImageRefSchema,
});
export type TrainingData = z.infer<typeof TrainingDataSchema>;

export interface ContentDataByType {
  case_study: CaseStudyData;
  blog_post: BlogPostData;
  testimonial: TestimonialData;
  training: TrainingData;
}
export type ContentData = ContentDataByType[ContentType];

export const ContentDraftSchemas = {
  case_study: CaseStudyDataSchema,
  blog_post: BlogPostDataSchema,
  testimonial: TestimonialDataSchema,
  training: TrainingDataSchema,
} as const satisfies { [T in ContentType]: z.ZodType<ContentDataByType[T]> };

/** A naira amount as the site writes it (formatNaira): N200,000. */
const NAIRA_FIGURE = /N\d{1,3}(?:,\d{3})*(?![\d,]*\d)/g;
/** The training's words that may name a fee. */
const FEE_TEXT_FIELDS = ['metaDescription', 'summary', 'intro', 'aboutText', 'pricesNote', 'registrationText'] as const;

export const ContentPublishSchemas = {
  case_study: CaseStudyDataSchema.refine((data) => withAlt(data.mockup), {
    message: ALT_REQUIRED,
    path: ['mockup', 'alt'],
  }),
  blog_post: BlogPostDataSchema.refine((data) => !data.cover || withAlt(data.cover), {
    message: ALT_REQUIRED,
    path: ['cover', 'alt'],
  }),
  testimonial: TestimonialDataSchema.refine((data) => data.consent, {
    message: 'Publish a testimonial only once the person agreed to be quoted: tick the consent box.',
    path: ['consent'],
  }),
  training: TrainingDataSchema.refine((data) => withAlt(data.illustration), {
    message: ALT_REQUIRED,
    path: ['illustration', 'alt'],
  }).superRefine((data, context) => {
    // A fee changed in the price list but still written in the words (the search description above all) would leave
    // the old fee on the page's head and in search results: every naira figure in the text must be a fee now.
    const fees = new Set(data.prices.map((price) => formatNaira(price.feeNaira)));
    for (const key of FEE_TEXT_FIELDS) {
      const stale = data[key].match(NAIRA_FIGURE)?.find((figure) => !fees.has(figure));
      if (stale) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `This still names ${stale}, which is not one of the fees: write the fees as they are now.`,
        });
      }
    }
  }),
} as const satisfies { [T in ContentType]: z.ZodType<ContentDataByType[T]> };

/** Naira as the site writes it: N200,000. */
export const formatNaira = (naira: number): string => `N${naira.toLocaleString('en-NG')}`;
