import { z } from 'zod';
import { LIMITS } from '../limits';
import { FIELD_MESSAGES } from '../messages';

// zod probes `new Function` to speed up parsing; the site's Content-Security-Policy forbids eval, so the probe
// would log a CSP violation on every form page. Every schema imports this module, so this runs first.
z.config({ jitless: true });

// In unicode mode a surrogate pair is one code point, so \p{Cs} matches only a lone (unpaired) surrogate: half a
// character that no database column of ours can store and that encodes to no valid UTF-8.
const LONE_SURROGATE = /\p{Cs}/u;
/** C0, DEL and C1 control characters, and the two Unicode line and paragraph separators. */
const NOT_SINGLE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Control characters other than tab and newline (CR has been turned into newline before this runs). */
const CONTROL_EXCEPT_TAB_AND_NEWLINE = /[^\P{Cc}\t\n]/u;

export const isWellFormedText = (text: string): boolean => !LONE_SURROGATE.test(text);
export const isSingleLineText = (text: string): boolean => !NOT_SINGLE_LINE.test(text);
export const isMultiLineText = (text: string): boolean => !CONTROL_EXCEPT_TAB_AND_NEWLINE.test(text);

/** A trimmed string without control characters or line breaks, and without broken characters. */
const singleLineString = () =>
  z
    .string({ error: FIELD_MESSAGES.REQUIRED })
    .trim()
    .refine(isWellFormedText, FIELD_MESSAGES.BROKEN_CHARACTER)
    .refine(isSingleLineText, FIELD_MESSAGES.SINGLE_LINE);

/** Line breaks arrive as CRLF from forms and as LF from scripts; both are stored as LF. */
const multiLineString = () =>
  z
    .string({ error: FIELD_MESSAGES.REQUIRED })
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .trim()
    .refine(isWellFormedText, FIELD_MESSAGES.BROKEN_CHARACTER)
    .refine(isMultiLineText, FIELD_MESSAGES.CONTROL_CHARACTERS);

/**
 * A required, trimmed text of at most `max` characters. 'single-line' (names, phone numbers, places) refuses every
 * control character; 'multi-line' (a message, a project description) keeps tab and newline among them.
 */
export const requiredText = (max: number, lines: 'single-line' | 'multi-line' = 'single-line') =>
  (lines === 'single-line' ? singleLineString() : multiLineString())
    .min(1, FIELD_MESSAGES.REQUIRED)
    .max(max, FIELD_MESSAGES.TOO_LONG(max));

/**
 * Spaces, dashes (any kind), dots and brackets: how people group the digits of a phone number. Line breaks and tabs
 * are not among them, so the single-line rule still refuses them.
 */
const PHONE_SEPARATORS = /[ \u00a0\u202f\p{Pd}.()]/gu;
/** A phone number as people write it: digits in groups, a leading + at most. */
const PHONE_WRITING = /^\+?[\d \u00a0\u202f\p{Pd}.()]+$/u;
/** Nigeria's country code before a national number's ten digits (a trunk 0 after it is tolerated: +234 (0)803...). */
const NIGERIAN_INTERNATIONAL = /^(?:\+234|234)0?(\d{10})$/;
const PLUS_234 = /^\+2340?/;

/**
 * A phone number as it is validated and stored (issue 17): when it is written as a phone number (digits, spaces,
 * dashes, dots, brackets, a leading +), the separators go and `+234`/`234` before the national number becomes its
 * leading 0, so `+234 803 555 1234`, `(0803) 555-1234` and `234.803.555.1234` are all `08035551234`. Other text
 * (the contact form's phone is free text, spec 5) is only trimmed.
 */
export function normalisedPhone(text: string): string {
  const trimmed = text.trim();
  if (!PHONE_WRITING.test(trimmed)) return trimmed;
  const compact = trimmed.replace(PHONE_SEPARATORS, '');
  const national = NIGERIAN_INTERNATIONAL.exec(compact);
  if (national) return `0${national[1] ?? ''}`;
  return compact.replace(PLUS_234, '0');
}

/** How many digits a phone number may hold: E.164's 15 (the inbox's phone key is made of them). */
export const PHONE_DIGITS_MAX = 15;
const digitCount = (text: string) => text.replace(/\D/g, '').length;

/**
 * A required phone number in free writing (contact, quote): normalised first, then at most `LIMITS.PHONE_MAX`
 * characters and 15 digits.
 */
export const phoneField = z
  .string({ error: FIELD_MESSAGES.REQUIRED })
  .overwrite(normalisedPhone)
  .pipe(requiredText(LIMITS.PHONE_MAX))
  .refine((phone) => digitCount(phone) <= PHONE_DIGITS_MAX, FIELD_MESSAGES.PHONE_INVALID);

export const emailField = singleLineString()
  .min(1, FIELD_MESSAGES.REQUIRED)
  .max(LIMITS.EMAIL_MAX, FIELD_MESSAGES.TOO_LONG(LIMITS.EMAIL_MAX))
  .pipe(z.email({ error: FIELD_MESSAGES.EMAIL_INVALID }));

const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * A whole number from a query string, written with the digits 0-9 only: `0x10`, `1e1`, `0b1`, ` 16`, `16.0` and
 * `-1` are refused rather than read the way `Number()` reads them (`0x10` would be 16).
 */
export const decimalCount = ({ min, max }: { min: number; max: number }) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.REQUIRED : FIELD_MESSAGES.DECIMAL_NUMBER),
    })
    .regex(DECIMAL_DIGITS, FIELD_MESSAGES.DECIMAL_NUMBER)
    // Compared as a number here, so 400 nines (Infinity) get the range message too.
    .refine((digits) => Number(digits) >= min && Number(digits) <= max, FIELD_MESSAGES.NUMBER_RANGE(min, max))
    .transform(Number)
    // What the OpenAPI document says of it: a query string's integer, with its range (the digits rule is implied).
    .meta({ type: 'integer', minimum: min, maximum: max });

/** A row id: a decimal number from 1 to the largest integer a JavaScript number holds exactly. */
export const decimalId = decimalCount({ min: 1, max: Number.MAX_SAFE_INTEGER });

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
    .transform((value): T[number] | null => (value ? value : null))
    // Says what comes out, so the OpenAPI document types the stored value (a transform's output has no schema).
    // (TypeScript cannot see that the enum of a generic list outputs the list's own type.)
    .pipe(z.enum(options).nullable() as unknown as z.ZodType<T[number] | null, Awaited<T[number]> | null>);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MESSAGE = 'Use a date written as YYYY-MM-DD.';

/** A calendar day in Lagos (`2026-11-24`), as the inbox's and the audit log's date filters take it. */
export const lagosDayField = z
  .string()
  .regex(ISO_DAY, DAY_MESSAGE)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), DAY_MESSAGE);
