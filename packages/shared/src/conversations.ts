import { z } from 'zod';
import { ENQUIRY_KINDS, type MessageKind } from './enquiry-kinds';
import { CREATIVE_TRAINING_TYPE } from './options';
import { HISTORY_ACTIONS } from './inbox';

/**
 * Conversations (issue 20, docs/decisions/0036): a staff reply written in the enquiry, the owners' saved replies, and
 * the enquiry's one timeline.
 */

export const CONVERSATION_PATHS = {
  /** POST: a staff reply by e-mail (ReplyCreateSchema). */
  replies: (kind: MessageKind, id: number) => `/api/enquiries/${kind}/${id}/replies`,
  /** GET: everything that happened to the enquiry, oldest first. */
  timeline: (kind: MessageKind, id: number) => `/api/enquiries/${kind}/${id}/timeline`,
  /** GET (staff): a file that came with a customer's mail, as a download. */
  attachment: (kind: MessageKind, id: number, attachmentId: number) =>
    `/api/enquiries/${kind}/${id}/attachments/${attachmentId}`,
  /** GET (staff): the saved replies; POST (owners): a new one. */
  SAVED_REPLIES: '/api/saved-replies',
  /** PUT, DELETE (owners): one saved reply. */
  savedReply: (id: number) => `/api/saved-replies/${id}`,
} as const;

export const CONVERSATION_LIMITS = {
  REPLY_MAX: 10_000,
  SAVED_TITLE_MAX: 120,
  SAVED_BODY_MAX: 5_000,
} as const;

/**
 * A blank: `[[what to write]]`, which the staff member replaces before sending. Two square brackets, so a price in
 * `[brackets]` or a link is never taken for one; the words inside say what goes there.
 */
export const BLANK_PATTERN = /\[\[([^[\]\n]{1,80})\]\]/g;

/** The blanks left in a text, in order (`[[date of the call]]` -> `date of the call`). */
export function blanksIn(text: string): string[] {
  return [...text.matchAll(BLANK_PATTERN)].map((match) => (match[1] ?? '').trim());
}

export const REPLY_MESSAGES = {
  EMPTY: 'Write the reply before sending it.',
  TOO_LONG: `A reply can be at most ${CONVERSATION_LIMITS.REPLY_MAX} characters.`,
  unfilled: (blanks: string[]) =>
    `Fill in the blank${blanks.length === 1 ? '' : 's'} before sending: ${blanks.map((blank) => `[[${blank}]]`).join(', ')}.`,
  NO_EMAIL: 'This enquiry has no e-mail address to answer.',
  NOT_IN_INBOX: 'Move this enquiry back to the inbox before answering it.',
  NO_SUCH_ATTACHMENT: 'This enquiry has no such attachment.',
  TITLE_REQUIRED: 'Give the saved reply a title.',
  BODY_REQUIRED: 'Write the saved reply.',
  SAVED_NOT_FOUND: 'There is no such saved reply.',
} as const;

/** The body of a reply: the staff member's text, every blank filled. */
export const ReplyCreateSchema = z.object({
  body: z
    .string({ error: REPLY_MESSAGES.EMPTY })
    .trim()
    .min(1, REPLY_MESSAGES.EMPTY)
    .max(CONVERSATION_LIMITS.REPLY_MAX, REPLY_MESSAGES.TOO_LONG)
    .superRefine((body, ctx) => {
      const blanks = blanksIn(body);
      if (blanks.length > 0) ctx.addIssue({ code: 'custom', message: REPLY_MESSAGES.unfilled(blanks) });
    }),
});
export type ReplyCreate = z.infer<typeof ReplyCreateSchema>;

export const SavedReplyInputSchema = z.object({
  title: z
    .string({ error: REPLY_MESSAGES.TITLE_REQUIRED })
    .trim()
    .min(1, REPLY_MESSAGES.TITLE_REQUIRED)
    .max(
      CONVERSATION_LIMITS.SAVED_TITLE_MAX,
      `A title can be at most ${CONVERSATION_LIMITS.SAVED_TITLE_MAX} characters.`,
    ),
  body: z
    .string({ error: REPLY_MESSAGES.BODY_REQUIRED })
    .trim()
    .min(1, REPLY_MESSAGES.BODY_REQUIRED)
    .max(
      CONVERSATION_LIMITS.SAVED_BODY_MAX,
      `A saved reply can be at most ${CONVERSATION_LIMITS.SAVED_BODY_MAX} characters.`,
    ),
});
export type SavedReplyInput = z.infer<typeof SavedReplyInputSchema>;

const isoTime = z.iso.datetime();

export const SavedReplySchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  updatedAt: isoTime,
});
export type SavedReply = z.infer<typeof SavedReplySchema>;
export const SavedRepliesAnswerSchema = z.object({ success: z.literal(true), replies: z.array(SavedReplySchema) });
export const SavedReplyAnswerSchema = z.object({ success: z.literal(true), reply: SavedReplySchema });

// ---- Variables ----

/**
 * The variables a saved reply may use, each replaced when the reply is picked. `{startDate}`: no training start date
 * is kept anywhere (the forms ask for a schedule, Weekday or Weekend, not a date), so it becomes a blank the staff
 * member fills: `[[training start date]]`.
 */
export const REPLY_VARIABLES = [
  { name: 'name', means: "The person's name as they gave it" },
  { name: 'reference', means: 'The enquiry reference, RD-26-00001' },
  { name: 'kind', means: 'What they sent: "contact message", "web development training registration"' },
  { name: 'staff', means: 'Your name, as the reply is signed' },
  { name: 'training', means: "A training registration: the training's name (other enquiries: a blank)" },
  { name: 'schedule', means: 'A training registration: Weekday or Weekend (other enquiries: a blank)' },
  { name: 'startDate', means: 'The training start date: not kept, so always a blank to fill' },
] as const;
export type ReplyVariable = (typeof REPLY_VARIABLES)[number]['name'];

/** What a reply's variables stand for in one enquiry. */
export interface ReplyContext {
  kind: MessageKind;
  reference: string;
  name: string;
  staff: string;
  /** The enquiry's listed fields (EnquiryDetail.fields). */
  fields: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * A training registration's training: its own trainingType field, or the course a kind fixes (the creative form has
 * one course and keeps no trainingType column). Undefined for a kind without a training.
 */
export function trainingNameOf(kind: MessageKind, fields: Record<string, unknown>): string | undefined {
  const definition = ENQUIRY_KINDS[kind].fields as Record<string, unknown>;
  if (!('trainingType' in definition)) return undefined;
  return text(fields.trainingType) ?? (definition.trainingType === null ? CREATIVE_TRAINING_TYPE : undefined);
}

/** The values of REPLY_VARIABLES for one enquiry; a value that does not apply becomes a blank to fill. */
export function replyVariablesOf(context: ReplyContext): Record<ReplyVariable, string> {
  const { kind, fields } = context;
  return {
    name: context.name.trim() || '[[name]]',
    reference: context.reference,
    kind: ENQUIRY_KINDS[kind].notificationTitle,
    staff: context.staff,
    training: trainingNameOf(kind, fields) ?? '[[training]]',
    schedule: text(fields.schedule) ?? '[[schedule]]',
    startDate: '[[training start date]]',
  };
}

/** A saved reply with its variables replaced; an unknown `{word}` is left as written. */
export function fillReply(template: string, context: ReplyContext): string {
  const values = replyVariablesOf(context);
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) =>
    name in values ? values[name as ReplyVariable] : whole,
  );
}

/** A staff member's name as a reply is signed: `amaka.eze` -> `Amaka Eze`. */
export function staffDisplayNameOf(username: string): string {
  return username
    .split(/[._-]+/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

// ---- Timeline ----

export const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

const mailFields = {
  id: z.number(),
  at: isoTime,
  subject: z.string(),
  text: z.string(),
  fromAddress: z.string(),
  fromName: z.string().nullable(),
};

export const TimelineItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('enquiry'), id: z.number(), at: isoTime, preview: z.string() }),
  z.object({
    type: z.literal('auto-reply'),
    id: z.number(),
    at: isoTime,
    subject: z.string(),
    delivery: z.enum(DELIVERY_STATES),
  }),
  z.object({
    type: z.literal('sent'),
    ...mailFields,
    authorId: z.number().nullable(),
    authorName: z.string(),
    /** The outbox row's state: pending until the SMTP server accepts it, failed once given up. */
    delivery: z.enum(DELIVERY_STATES),
  }),
  z.object({
    type: z.literal('received'),
    ...mailFields,
    /** A program wrote it (an auto-reply, a bounce): shown, never counted as the customer's answer. */
    automated: z.enum(['auto-reply', 'bounce']).nullable(),
    attachments: z.array(z.object({ id: z.number(), filename: z.string(), size: z.number() })),
  }),
  z.object({
    type: z.literal('note'),
    id: z.number(),
    at: isoTime,
    body: z.string(),
    authorName: z.string(),
  }),
  z.object({
    type: z.literal('event'),
    id: z.number(),
    at: isoTime,
    action: z.enum(HISTORY_ACTIONS),
    from: z.string().nullable(),
    to: z.string().nullable(),
    actorName: z.string(),
  }),
]);
export type TimelineItem = z.infer<typeof TimelineItemSchema>;
export type SentMailItem = Extract<TimelineItem, { type: 'sent' }>;

export const TimelineAnswerSchema = z.object({
  success: z.literal(true),
  /** Oldest first. */
  items: z.array(TimelineItemSchema),
  /** Since when a customer's reply waits for an answer, or null. */
  waitingSince: isoTime.nullable(),
});
export type TimelineAnswer = z.infer<typeof TimelineAnswerSchema>;

export const ReplyAnswerSchema = z.object({ success: z.literal(true), mail: TimelineItemSchema });
