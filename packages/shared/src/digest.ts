import { z } from 'zod';

/**
 * The daily digest (issue 21 item 4, docs/decisions/0040): at 07:30 Lagos time on working days each staff member and
 * owner who has not turned it off gets one mail of what waits for them. Its one setting is read and changed by the
 * signed-in person here.
 */

/** GET, PUT (staff and owners): the signed-in person's digest setting. */
export const DIGEST_PATH = '/api/me/digest' as const;

/** The Lagos wall-clock time the digest is due on a working day, and the latest it is still sent after a late start. */
export const DIGEST_TIMES = { DUE: '07:30', LAST: '12:00' } as const;

/** The switch's label and the words around it, used by the page and its tests. */
export const DIGEST_COPY = {
  HEADING: 'Daily digest',
  SWITCH: 'Mail me a digest at 07:30 on working days',
  ON: 'You get the digest on working days at 07:30 Lagos time.',
  OFF: 'The digest is off: you get no morning mail.',
} as const;

export const DigestSettingSchema = z.strictObject({
  /** true: the morning mail is sent to this person on working days (when something waits for them). */
  enabled: z.boolean({ error: 'Say whether the digest is on: enabled is true or false.' }),
});
export type DigestSetting = z.output<typeof DigestSettingSchema>;

export const DigestSettingAnswerSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
});
export type DigestSettingAnswer = z.output<typeof DigestSettingAnswerSchema>;
