import { z } from 'zod';
import { LIMITS } from '../limits';
import { emailField, phoneField, requiredText } from './fields';

/** POST submit_contactform.php. Phone is free text (spec 5: no digit pattern). */
export const ContactMessageSchema = z.strictObject({
  name: requiredText(LIMITS.NAME_MAX),
  email: emailField,
  phone: phoneField,
  message: requiredText(LIMITS.MESSAGE_MAX, 'multi-line'),
});

export type ContactMessageInput = z.input<typeof ContactMessageSchema>;
export type ContactMessage = z.output<typeof ContactMessageSchema>;
