import type { Request } from 'express';
import type { z } from 'zod';
import { HUMAN_CHECK_FIELDS, type FormPageState, type IssuedSumQuestion } from '@agency/shared';
import { TOKEN_MAX, type HumanCheck } from '../human-check/human-check';
import type { Refusal } from './submission-contract';

const FORM_POST = 'application/x-www-form-urlencoded';

export function isFormPost(req: Request): boolean {
  return req.is(FORM_POST) === FORM_POST;
}

/** A browser's form post (it accepts text/html before JSON) is answered with a page; any other client with JSON. */
export function wantsPage(req: Request): boolean {
  return isFormPost(req) && req.accepts(['json', 'html']) === 'html';
}

/** Whether a schema field takes a list (the quote's services), looking through defaults, optionals and pipes. */
function isListField(field: z.ZodType): boolean {
  let def = field._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
  for (;;) {
    if (def.type === 'array') return true;
    const inner = def.innerType ?? def.in;
    if (!inner) return false;
    def = inner._zod.def as typeof def;
  }
}

/**
 * A form post's fields as the form's script would send them: an unticked group or an unchosen radio is absent from a
 * form post, so it becomes '' (or [] for a list) and gets the same message as from the script; one ticked box of a
 * list arrives as a string and becomes a list. Names outside the schema are left as they are (the strict schema or
 * the extras deal with them).
 */
export function formFieldsOf(schema: z.ZodObject, body: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...(typeof body === 'object' && body !== null ? body : {}) };
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const value = fields[name];
    if (isListField(field)) fields[name] = value === undefined ? [] : Array.isArray(value) ? value : [value];
    else if (value === undefined) fields[name] = '';
  }
  return fields;
}

/** What a page shows again of a post: its strings and lists of strings, nothing else. */
export function postedValuesOf(fields: unknown): FormPageState['values'] {
  const values: FormPageState['values'] = {};
  if (typeof fields !== 'object' || fields === null) return values;
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') values[name] = value;
    else if (Array.isArray(value)) values[name] = value.filter((item): item is string => typeof item === 'string');
  }
  return values;
}

/**
 * A refusal as the form's page shows it: every field's message at once (the fields' and the question's alike), and a
 * refusal without fields as the form's own message (the first such).
 */
export function pageRefusalOf(...refusals: Array<Refusal | undefined>): {
  errors: Record<string, string>;
  formError: string | null;
} {
  const given = refusals.filter((refusal) => refusal !== undefined);
  const errors = Object.assign({}, ...given.map((refusal) => refusal.errors)) as Record<string, string>;
  const withoutFields = given.find((refusal) => Object.keys(refusal.errors ?? {}).length === 0);
  return { errors, formError: withoutFields?.message ?? null };
}

/**
 * The question a page shows again after a refusal: the one answered, with its answer, while its token is still good
 * and the refusal is not about it (a missing field); otherwise a new one with an empty answer, which keeps the time
 * the form was first served (issue 17), so sending the corrected form at once is not "too fast".
 */
export function questionAfterRefusal(
  posted: { token: unknown; answer: unknown },
  errors: Record<string, string>,
  options: { humanCheck: HumanCheck; now: number },
): { question: IssuedSumQuestion; answer: string } {
  const token = typeof posted.token === 'string' ? posted.token : '';
  const reading =
    token && token.length <= TOKEN_MAX ? options.humanCheck.read(token, options.now) : { valid: false as const };
  if (reading.valid && !(HUMAN_CHECK_FIELDS.answer in errors)) {
    const { a, b } = reading.claims;
    return { question: { a, b, token }, answer: typeof posted.answer === 'string' ? posted.answer : '' };
  }
  return { question: options.humanCheck.issue(options.now, token), answer: '' };
}
