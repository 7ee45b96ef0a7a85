import { z } from 'zod';
import { LIMITS } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { NIGERIAN_STATES, QUOTE_SERVICES } from '../options';
import { emailField, phoneField, requiredChoice, requiredText } from './fields';

/** POST submit_quote.php. Choosing a service is not enforced (spec 5). */
export const QuoteRequestSchema = z.strictObject({
  name: requiredText(LIMITS.NAME_MAX),
  email: emailField,
  phone: phoneField,
  location: requiredChoice(NIGERIAN_STATES),
  projectDescription: requiredText(LIMITS.PROJECT_DESCRIPTION_MAX, 'multi-line'),
  services: z
    .array(z.enum(QUOTE_SERVICES, { error: FIELD_MESSAGES.CHOOSE_OPTION }), { error: FIELD_MESSAGES.CHOOSE_OPTION })
    .max(QUOTE_SERVICES.length)
    .default([])
    .transform((services) => [...new Set(services)])
    // Says what comes out, so the OpenAPI document types the stored list (a transform's output has no schema).
    .pipe(z.array(z.enum(QUOTE_SERVICES))),
});

export type QuoteRequestInput = z.input<typeof QuoteRequestSchema>;
export type QuoteRequest = z.output<typeof QuoteRequestSchema>;
