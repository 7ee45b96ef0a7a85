import type { z } from 'zod';

/** Flattens a zod error into `{ field: firstMessage }`, the API's and the forms' error shape. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[key] ??= 'This field is not expected.';
      continue;
    }
    errors[field] ??= issue.message;
  }
  return errors;
}
