import { z } from 'zod';
import { MESSAGE_KINDS, type MessageKind } from './enquiry-kinds';
import { awaitsAnswer, DEFAULT_RESPONSE_TARGET_MINUTES, FIRST_RESPONSE_CHANNELS } from './response-times';

/**
 * First-response times and targets (issue 21 items 2 and 3, docs/decisions/0038): the endpoints, their bodies and
 * answers, and the one rule that turns an enquiry's columns into its state (answered, overdue, due soon...).
 */

export const RESPONSE_TIMES_PATHS = {
  /** GET (staff) the targets per kind; PUT (owners) changes them. */
  TARGETS: '/api/response-targets',
  /** POST: a staff member confirms they reached the person on WhatsApp or by phone (after a tap). */
  FIRST_RESPONSE: '/api/enquiries/:kind/:id/first-response',
} as const;

/** The first-response endpoint of one enquiry, as the web calls it. */
export const firstResponsePathOf = (kind: MessageKind, id: number) => `/api/enquiries/${kind}/${id}/first-response`;

/** A target is whole business minutes, from a quarter of an hour to five working days of eight hours. */
export const RESPONSE_TARGET_LIMITS = { MIN_MINUTES: 15, MAX_MINUTES: 2400 } as const;

export const RESPONSE_TIMES_MESSAGES = {
  TARGET: `A target is a whole number of business minutes from ${RESPONSE_TARGET_LIMITS.MIN_MINUTES} to ${RESPONSE_TARGET_LIMITS.MAX_MINUTES} (40 hours).`,
  NO_TARGET: 'Send at least one kind with its target in minutes.',
  NOT_IN_INBOX: 'Only an enquiry in the inbox can be answered: move it to the inbox first.',
} as const;

const targetMinutes = z
  .number({ error: RESPONSE_TIMES_MESSAGES.TARGET })
  .int(RESPONSE_TIMES_MESSAGES.TARGET)
  .min(RESPONSE_TARGET_LIMITS.MIN_MINUTES, RESPONSE_TIMES_MESSAGES.TARGET)
  .max(RESPONSE_TARGET_LIMITS.MAX_MINUTES, RESPONSE_TIMES_MESSAGES.TARGET);

/** PUT's body: the kinds to change, each with its target in business minutes (kinds left out keep theirs). */
export const ResponseTargetsUpdateSchema = z
  .object({
    targets: z
      .object(
        Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, targetMinutes.optional()])) as Record<
          MessageKind,
          z.ZodOptional<typeof targetMinutes>
        >,
      )
      .strict(),
  })
  .strict()
  .refine((body) => Object.values(body.targets).some((minutes) => minutes !== undefined), {
    message: RESPONSE_TIMES_MESSAGES.NO_TARGET,
    path: ['targets'],
  });
export type ResponseTargetsUpdate = z.output<typeof ResponseTargetsUpdateSchema>;

export const ResponseTargetSchema = z.object({
  kind: z.enum(MESSAGE_KINDS),
  /** Business minutes to the first human answer. */
  minutes: z.number(),
  /** The product's default for the kind (DEFAULT_RESPONSE_TARGET_MINUTES). */
  defaultMinutes: z.number(),
  /** When an owner last set it, or null for the default. */
  updatedAt: z.iso.datetime().nullable(),
});
export type ResponseTarget = z.output<typeof ResponseTargetSchema>;

export const ResponseTargetsAnswerSchema = z.object({
  success: z.literal(true),
  /** Every kind, in the inbox's order of kinds. */
  targets: z.array(ResponseTargetSchema),
});
export type ResponseTargetsAnswer = z.output<typeof ResponseTargetsAnswerSchema>;

/** The channels a staff member confirms after a tap; an e-mail is recorded when it is sent from the app. */
export const CONFIRMED_CHANNELS = ['whatsapp', 'call'] as const;
export type ConfirmedChannel = (typeof CONFIRMED_CHANNELS)[number];

export const FirstResponseBodySchema = z.object({ channel: z.enum(CONFIRMED_CHANNELS) }).strict();
export type FirstResponseBody = z.output<typeof FirstResponseBodySchema>;

/** The first human answer to an enquiry: when, how, who, and how long it took in business time. */
export const FirstResponseSchema = z.object({
  at: z.iso.datetime(),
  channel: z.enum(FIRST_RESPONSE_CHANNELS),
  /** The staff member's username, or "A former colleague" once the account is gone. */
  byName: z.string(),
  /** Business milliseconds from arrival to the answer (the calendar as it was then). */
  businessMs: z.number(),
});
export type FirstResponse = z.output<typeof FirstResponseSchema>;

/**
 * `answered`: a first answer is recorded. `spam`, `trash`: where it is. `no-target`: it arrived before targets
 * existed (no due time). `overdue`: open for response and the due time has passed; `due-soon`: the reminder's time has
 * passed, the due time has not; `open`: neither yet, or followed up without a recorded answer.
 */
export const RESPONSE_STATES = ['answered', 'overdue', 'due-soon', 'open', 'spam', 'trash', 'no-target'] as const;
export type ResponseState = (typeof RESPONSE_STATES)[number];

/** The columns the state is read from, as epoch milliseconds. */
export interface ResponseColumns {
  folder: 'inbox' | 'trash' | 'spam';
  status: string;
  responseDueAt: number | null;
  remindAt: number | null;
  firstResponseAt: number | null;
}

/**
 * The state of an enquiry at `now`. Overdue and due soon only while it is open for response (in the inbox, no answer,
 * status New or Contacted: AWAITING_ANSWER_STATUSES), as the reminders read it; an answer counts wherever the enquiry is now.
 */
export function responseStateOf(columns: ResponseColumns, now: number): ResponseState {
  if (columns.firstResponseAt !== null) return 'answered';
  if (columns.folder === 'spam') return 'spam';
  if (columns.folder === 'trash') return 'trash';
  if (columns.responseDueAt === null) return 'no-target';
  if (!awaitsAnswer(columns.status)) return 'open';
  if (columns.responseDueAt <= now) return 'overdue';
  if (columns.remindAt !== null && columns.remindAt <= now) return 'due-soon';
  return 'open';
}

/** What the enquiry's answer adds (EnquiryDetailSchema). */
export const EnquiryResponseFieldsSchema = z.object({
  firstResponse: FirstResponseSchema.nullable(),
  /** When the first answer is due, or null (spam, or arrived before targets existed). */
  responseDueAt: z.iso.datetime().nullable(),
  responseState: z.enum(RESPONSE_STATES),
});

/** What a list row adds: a badge's state and time, only when due soon or overdue (null otherwise: rows stay small). */
export const ResponseDueSchema = z.object({ state: z.enum(['due-soon', 'overdue']), at: z.iso.datetime() }).nullable();
export type ResponseDue = z.output<typeof ResponseDueSchema>;

/** The list row's badge from the state and the due time. */
export function responseDueOf(columns: ResponseColumns, now: number): ResponseDue {
  const state = responseStateOf(columns, now);
  if ((state !== 'overdue' && state !== 'due-soon') || columns.responseDueAt === null) return null;
  return { state, at: new Date(columns.responseDueAt).toISOString() };
}

/** The default target of a kind. */
export const defaultTargetOf = (kind: MessageKind): number => DEFAULT_RESPONSE_TARGET_MINUTES[kind];
