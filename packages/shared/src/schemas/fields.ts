import { z } from 'zod';
import { LIMITS } from '../limits';
import { FIELD_MESSAGES } from '../messages';

// zod probes `new Function` to speed up parsing; the site's Content-Security-Policy forbids eval, so the probe
// would log a CSP violation on every form page. Every schema imports this module, so this runs first.
z.config({ jitless: true });

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: FIELD_MESSAGES.REQUIRED })
    .trim()
    .min(1, FIELD_MESSAGES.REQUIRED)
    .max(max, FIELD_MESSAGES.TOO_LONG(max));

export const emailField = z
  .string({ error: FIELD_MESSAGES.REQUIRED })
  .trim()
  .min(1, FIELD_MESSAGES.REQUIRED)
  .max(LIMITS.EMAIL_MAX, FIELD_MESSAGES.TOO_LONG(LIMITS.EMAIL_MAX))
  .pipe(z.email({ error: FIELD_MESSAGES.EMAIL_INVALID }));

/** A required choice from a fixed option list. */
export const requiredChoice = <const T extends readonly [string, ...string[]]>(options: T) =>
  z.enum(options, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? FIELD_MESSAGES.REQUIRED : FIELD_MESSAGES.CHOOSE_OPTION,
  });

/** An optional choice: missing, null or '' all mean "not chosen" and are stored as null. */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(options: T) =>
  z
    .union([z.enum(options), z.literal(''), z.null()], { error: FIELD_MESSAGES.CHOOSE_OPTION })
    .optional()
    .transform((value) => (value ? value : null));
