import {
  ContentDraftSchemas,
  formatNaira,
  TESTIMONIAL_CATEGORIES,
  type ContentItemSummary,
  type ContentType,
} from '@agency/shared';
import { z } from 'zod';
import { formatLagosDate } from '@/lib/format-date';
import { todayInLagos } from './lagos-time';

/**
 * How the editor draws each content type: its fields in page order with the words staff read (labels and hints), in
 * one place. The rules (what is required, how long) stay in the type's schema in @agency/shared: the text limits are
 * read from it, and the server's answer says what is wrong.
 */

export interface SubField {
  key: string;
  label: string;
  kind: 'text' | 'textarea' | 'naira' | 'select';
  options?: readonly string[];
}

export type FieldSpec = { key: string; label: string; hint?: string } & (
  | { kind: 'text' | 'textarea' | 'markdown' | 'url' }
  | { kind: 'date'; optional?: boolean }
  | { kind: 'count' }
  | { kind: 'checkbox' }
  | { kind: 'select'; options: readonly string[] }
  /** A list of short texts (results, technologies, outcomes). */
  | { kind: 'list'; itemLabel: string; addLabel: string; multiline?: boolean }
  /** A list of small records (a case study's challenges, a training's prices). */
  | { kind: 'group'; itemLabel: string; addLabel: string; fields: readonly SubField[]; blank: Record<string, unknown> }
  /** A few fields that are all filled or all left empty (a blog post's next step): empty is stored as null. */
  | { kind: 'optional-group'; fields: readonly SubField[] }
  | { kind: 'image'; removable: boolean }
);

export interface ContentForm {
  /** "New blog post"; trainings are fixed (web and creative), so they have none. */
  newLabel: string | null;
  /** The field whose words name an item in lists, messages and the delete question. */
  titleKey: string;
  fields: readonly FieldSpec[];
  blank: () => Record<string, unknown>;
}

const META_HINT = 'What search engines and link previews show under the title, in one or two sentences.';

export const CONTENT_FORMS = {
  case_study: {
    newLabel: 'New case study',
    titleKey: 'title',
    fields: [
      { key: 'title', label: 'Title', kind: 'text' },
      {
        key: 'shortTitle',
        label: 'Short title',
        kind: 'text',
        hint: 'Optional: the name on the portfolio card, "Planet Laundromat". Without it, the client.',
      },
      { key: 'client', label: 'Client', kind: 'text' },
      {
        key: 'services',
        label: 'Services',
        kind: 'text',
        hint: 'As the portfolio shows them: "Web Design & Development".',
      },
      { key: 'date', label: 'When', kind: 'text', hint: 'As the page shows it: "March 2025".' },
      { key: 'location', label: 'Location', kind: 'text', hint: 'Optional: "Lekki, Lagos".' },
      { key: 'summary', label: 'Summary', kind: 'textarea' },
      { key: 'metaDescription', label: 'Search description', kind: 'textarea', hint: META_HINT },
      { key: 'mockup', label: 'Mock-up image', kind: 'image', removable: false },
      {
        key: 'challenges',
        label: 'Challenges and solutions',
        kind: 'group',
        itemLabel: 'Challenge',
        addLabel: 'Add a challenge',
        fields: [
          { key: 'challenge', label: 'Challenge', kind: 'textarea' },
          { key: 'solution', label: 'How we solved it', kind: 'textarea' },
        ],
        blank: { challenge: '', solution: '' },
      },
      { key: 'results', label: 'Results', kind: 'list', itemLabel: 'Result', addLabel: 'Add a result' },
      { key: 'websiteUrl', label: 'Website address', kind: 'url', hint: 'Optional: https://...' },
      { key: 'websiteLabel', label: 'Website link text', kind: 'text', hint: 'Optional: "Visit the live site".' },
    ],
    blank: () => ({
      title: '',
      shortTitle: '',
      client: '',
      services: '',
      date: '',
      location: '',
      summary: '',
      metaDescription: '',
      mockup: null,
      challenges: [{ challenge: '', solution: '' }],
      results: [''],
      websiteUrl: '',
      websiteLabel: '',
    }),
  },
  blog_post: {
    newLabel: 'New blog post',
    titleKey: 'title',
    fields: [
      { key: 'title', label: 'Title', kind: 'text' },
      { key: 'summary', label: 'Summary', kind: 'textarea', hint: 'Shown on the blog page under the title.' },
      { key: 'metaDescription', label: 'Search description', kind: 'textarea', hint: META_HINT },
      { key: 'body', label: 'Article', kind: 'markdown' },
      { key: 'cover', label: 'Cover image', kind: 'image', removable: true },
      { key: 'author', label: 'Author', kind: 'text' },
      { key: 'date', label: 'Date', kind: 'date' },
      { key: 'category', label: 'Category', kind: 'text', hint: 'One or two words: "Web performance".' },
      {
        key: 'next',
        label: 'Next step for the reader',
        hint: 'Optional: fill all three, or leave all three empty.',
        kind: 'optional-group',
        fields: [
          { key: 'text', label: 'Sentence', kind: 'textarea' },
          { key: 'label', label: 'Link text', kind: 'text' },
          { key: 'path', label: 'Link to (a page of this site)', kind: 'text' },
        ],
      },
    ],
    blank: () => ({
      title: '',
      summary: '',
      metaDescription: '',
      body: '',
      cover: null,
      author: '',
      date: todayInLagos(),
      category: '',
      next: null,
    }),
  },
  testimonial: {
    newLabel: 'New testimonial',
    titleKey: 'name',
    fields: [
      { key: 'quote', label: 'Quote', kind: 'textarea' },
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'role', label: 'Role and company', kind: 'text', hint: '"CEO, Planet Laundromat".' },
      { key: 'category', label: 'Service', kind: 'select', options: TESTIMONIAL_CATEGORIES },
      {
        key: 'consent',
        label: 'This person agreed to be quoted on the site',
        hint: 'Required to publish.',
        kind: 'checkbox',
      },
    ],
    blank: () => ({ quote: '', name: '', role: '', category: TESTIMONIAL_CATEGORIES[0], consent: false }),
  },
  training: {
    newLabel: null,
    titleKey: 'title',
    fields: [
      { key: 'title', label: 'Title', kind: 'text' },
      { key: 'summary', label: 'Summary', kind: 'textarea' },
      { key: 'metaDescription', label: 'Search description', kind: 'textarea', hint: META_HINT },
      { key: 'intro', label: 'Introduction', kind: 'textarea' },
      { key: 'aboutHeading', label: 'About: heading', kind: 'text' },
      { key: 'aboutText', label: 'About: text', kind: 'textarea' },
      { key: 'technologiesHeading', label: 'Technologies: heading', kind: 'text' },
      {
        key: 'technologies',
        label: 'Technologies',
        kind: 'list',
        itemLabel: 'Technology',
        addLabel: 'Add a technology',
      },
      {
        key: 'outcomes',
        label: 'Curriculum: what a student leaves able to do',
        kind: 'list',
        itemLabel: 'Outcome',
        addLabel: 'Add an outcome',
        multiline: true,
      },
      {
        key: 'prices',
        label: 'Fees',
        hint: 'None: the page says to call for fees (the note below).',
        kind: 'group',
        itemLabel: 'Fee',
        addLabel: 'Add a fee',
        fields: [
          { key: 'schedule', label: 'Schedule', kind: 'select', options: ['Weekday', 'Weekend'] },
          { key: 'feeNaira', label: 'Fee in naira', kind: 'naira' },
          { key: 'duration', label: 'Duration', kind: 'text' },
        ],
        blank: { schedule: 'Weekday', feeNaira: 0, duration: '' },
      },
      { key: 'pricesNote', label: 'Note on fees', kind: 'textarea' },
      { key: 'nextCohortStart', label: 'Next cohort starts', kind: 'date', optional: true, hint: 'Optional.' },
      { key: 'seats', label: 'Seats', kind: 'count', hint: 'Optional: how many places the cohort has.' },
      { key: 'registrationHeading', label: 'Registration: heading', kind: 'text' },
      { key: 'registrationText', label: 'Registration: text', kind: 'textarea' },
      { key: 'illustration', label: 'Illustration', kind: 'image', removable: false },
    ],
    // Trainings are never created; a blank is only what a missing draft is read as.
    blank: () => ({}),
  },
} as const satisfies Record<ContentType, ContentForm>;

/** The longest a text may be, as the type's schema says (null: no limit set there). */
export function maxLengthOf(type: ContentType, key: string, subKey?: string): number | undefined {
  const shape = ContentDraftSchemas[type].shape as Record<string, unknown>;
  let schema: unknown = shape[key];
  if (subKey !== undefined) schema = innerShape(schema)?.[subKey];
  // An optional field's limit is on the schema it wraps.
  if (schema instanceof z.ZodOptional) schema = schema.unwrap();
  const max = (schema as { maxLength?: unknown } | undefined)?.maxLength;
  return typeof max === 'number' ? max : undefined;
}

/** The object shape inside an array, a nullable or an object schema. */
function innerShape(schema: unknown): Record<string, unknown> | undefined {
  let current = schema as { shape?: Record<string, unknown>; element?: unknown; unwrap?: () => unknown } | undefined;
  for (let depth = 0; depth < 3 && current && !current.shape; depth += 1) {
    current = (current.element ?? current.unwrap?.()) as typeof current;
  }
  return current?.shape;
}

/** The state as the list says it: "Scheduled for 1 Dec 2026, 09:30". */
export function stateLabel(item: Pick<ContentItemSummary, 'state' | 'publishAt'>): string {
  switch (item.state) {
    case 'draft':
      return 'Draft';
    case 'published':
      return 'Published';
    case 'scheduled':
      return item.publishAt ? `Scheduled for ${formatLagosDate(item.publishAt)} (Lagos time)` : 'Scheduled';
    case 'changed':
      return 'Published with unpublished changes';
  }
}

/** A page address from a title: "Why your site is slow!" -> "why-your-site-is-slow". */
export const slugFrom = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');

export { formatNaira };

/**
 * The server's field errors keyed by the place in the draft they are about ("challenges.0.solution"), whatever way
 * the answer writes the path ("data.challenges.0.solution", "challenges[0].solution").
 */
export function errorsByPath(fieldErrors: Readonly<Record<string, string>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const path = key
      .replace(/\[(\d+)\]/g, '.$1')
      .replace(/\//g, '.')
      .replace(/^data\./, '');
    errors[path] ??= message;
  }
  return errors;
}

/** The id of the control (or group) a path names, for labels and the error summary's links. */
export const fieldId = (path: string) => `content-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;

/** The words a path is named by in the error summary: "Challenge 2: How we solved it". */
export function labelOf(type: ContentType, path: string): string {
  if (path === 'slug') return 'Page address';
  const [key, second, third] = path.split('.');
  const spec = (CONTENT_FORMS[type].fields as readonly FieldSpec[]).find((field) => field.key === key);
  if (!spec) return path;
  if (second === undefined) return spec.label;
  if (spec.kind === 'image') return second === 'alt' ? `${spec.label}: alt text` : spec.label;
  if (spec.kind === 'list') return `${spec.itemLabel} ${Number(second) + 1}`;
  if (spec.kind === 'optional-group') {
    return `${spec.label}: ${spec.fields.find((field) => field.key === second)?.label ?? second}`;
  }
  if (spec.kind === 'group') {
    const sub = spec.fields.find((field) => field.key === third)?.label;
    return `${spec.itemLabel} ${Number(second) + 1}${sub ? `: ${sub}` : ''}`;
  }
  return spec.label;
}
