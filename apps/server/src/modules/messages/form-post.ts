import type { Request } from 'express';
import type { z } from 'zod';
import type { FormPageState } from '@agency/shared';
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

/**
 * What a page shows again of a post: the kind's own fields (strings, and lists of strings), nothing else; the
 * question's answer, the key and the honeypot are not the kind's fields.
 */
export function typedValuesOf(schema: z.ZodObject, fields: unknown): FormPageState['values'] {
  const values: FormPageState['values'] = {};
  if (typeof fields !== 'object' || fields === null) return values;
  for (const [name, value] of Object.entries(fields)) {
    if (!Object.hasOwn(schema.shape, name)) continue;
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
