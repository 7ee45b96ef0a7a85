/**
 * Undo of the inbox's moves and bulk status changes (issue 23, docs/decisions/0044): each answers an undo ticket;
 * POST UNDO_PATH with its token within the window puts every enquiry it changed back as it was, unless someone
 * changed it since, and marks the action's audit entry undone.
 */
import { z } from 'zod';
import { MESSAGE_KINDS } from './enquiry-kinds';

/** POST: undo one action (UndoBodySchema). */
export const UNDO_PATH = '/api/undo';

export const UNDO_LIMITS = {
  /** How long the dashboard offers Undo beside its message. */
  WINDOW_MS: 10_000,
  /** How long the server accepts it: the window and a grace for a slow phone network. */
  GRACE_MS: 30_000,
} as const;

/** A token: 16 random bytes, base64url. */
const UNDO_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const UNDO_MESSAGES = {
  NOT_FOUND: 'There is nothing to undo with this token.',
  EXPIRED: 'It is too late to undo this: an Undo lasts a few seconds after the change.',
  ALREADY_UNDONE: 'This change was undone already.',
  ALL_CHANGED: 'Nothing was undone: every enquiry was changed again since, by you or a colleague.',
} as const;

export const UndoTicketSchema = z.object({
  token: z.string().regex(UNDO_TOKEN_PATTERN),
  /** How many enquiries the action changed. */
  count: z.number(),
  /** Until when the server accepts the undo. */
  expiresAt: z.iso.datetime(),
});
export type UndoTicket = z.infer<typeof UndoTicketSchema>;

export const UndoBodySchema = z
  .object({ token: z.string().regex(UNDO_TOKEN_PATTERN, 'This undo token is not valid.') })
  .strict();
export type UndoBody = z.output<typeof UndoBodySchema>;

export const UndoAnswerSchema = z.object({
  success: z.literal(true),
  /** How many enquiries are back as they were. */
  restored: z.number(),
  /** Those left as they are: changed again since the action. */
  left: z.array(z.object({ kind: z.enum(MESSAGE_KINDS), id: z.number(), reference: z.string() })),
  /** What happened, in words, for the status line. */
  message: z.string(),
});
export type UndoAnswer = z.infer<typeof UndoAnswerSchema>;
