import { z } from 'zod';

/** GET ?token=: what a password-reset link is now, so its page can say so before asking for a password. */
export const RESET_LINK_PATH = '/api/reset-link';

/** `unknown`: no link was ever made with this token (mistyped, cut short, or from another site). */
export const RESET_LINK_STATES = ['usable', 'used', 'expired', 'unknown'] as const;
export type ResetLinkState = (typeof RESET_LINK_STATES)[number];

export const ResetLinkAnswerSchema = z.object({ success: z.literal(true), state: z.enum(RESET_LINK_STATES) });
export type ResetLinkAnswer = z.output<typeof ResetLinkAnswerSchema>;

/** What the page and a refused password update say about a link that no longer works. */
export const RESET_LINK_TEXTS = {
  used: 'This link has already been used.',
  expired: 'This link has expired.',
  offer: 'We can e-mail you a new one.',
  send: 'Send me a new link',
} as const;
