import { z } from 'zod';
import { LIMITS } from '../limits';
import { FIELD_MESSAGES, SPEC_MESSAGES } from '../messages';
import { emailField } from './fields';

const accountEmail = emailField.transform((email) => email.toLowerCase());

/** The spec's registration rule: 8+ characters with lower, upper, digit and a special character. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= LIMITS.PASSWORD_MIN &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

export function utf8ByteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

export const newPasswordField = z
  .string({ error: FIELD_MESSAGES.REQUIRED })
  .refine(isStrongPassword, SPEC_MESSAGES.PASSWORD_RULE)
  .refine((password) => utf8ByteLength(password) <= LIMITS.PASSWORD_MAX_BYTES, FIELD_MESSAGES.PASSWORD_TOO_LONG);

/** register.php (multipart text fields). */
export const RegisterSchema = z.strictObject({
  email: accountEmail,
  password: newPasswordField,
});

/** login.php?action=login. Login does not check the strength rule (spec 5). */
export const LoginSchema = z.strictObject({
  email: accountEmail,
  password: z
    .string({ error: FIELD_MESSAGES.REQUIRED })
    .min(1, FIELD_MESSAGES.REQUIRED)
    // bcrypt reads 72 bytes only: a longer password would be compared by its first 72 bytes, so it is refused.
    .refine((password) => utf8ByteLength(password) <= LIMITS.PASSWORD_MAX_BYTES, FIELD_MESSAGES.PASSWORD_TOO_LONG),
});

/** reset_password.php */
export const ResetRequestSchema = z.strictObject({ email: accountEmail });

/** POST /api/resend-confirmation (issue 17): the address to send a new confirmation link to. */
export const ConfirmationRequestSchema = z.strictObject({ email: accountEmail });

/** update_password.php */
export const UpdatePasswordSchema = z.strictObject({
  token: z.string({ error: FIELD_MESSAGES.REQUIRED }).trim().min(1, FIELD_MESSAGES.REQUIRED).max(200),
  password: newPasswordField,
});

export type RegisterInput = z.input<typeof RegisterSchema>;
export type LoginInput = z.input<typeof LoginSchema>;
export type ResetRequestInput = z.input<typeof ResetRequestSchema>;
export type ConfirmationRequestInput = z.input<typeof ConfirmationRequestSchema>;
export type UpdatePasswordInput = z.input<typeof UpdatePasswordSchema>;

/**
 * The reset-password page's two boxes (spec 5): the new password follows the rule, then the two must match. The
 * match is checked here, next to its message, and only once the password itself passes.
 */
export const NewPasswordFormSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string({ error: FIELD_MESSAGES.REQUIRED }) })
  .refine(({ password, confirmPassword }) => password === confirmPassword, {
    message: SPEC_MESSAGES.PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
