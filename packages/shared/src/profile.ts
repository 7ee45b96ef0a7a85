import { z } from 'zod';
import { LIMITS } from './limits';
import { FIELD_MESSAGES, SPEC_MESSAGES } from './messages';
import { newPasswordField, utf8ByteLength } from './schemas/auth';

/**
 * A staff member's own profile (issue 23 item 3): the name they go by, their picture, their password and their
 * notification choices, read and changed by the signed-in person only.
 */

export const PROFILE_PATHS = {
  /** GET, PUT: the display name (and what the page shows beside it). */
  PROFILE: '/api/profile',
  /** PUT: a new password, with the current one. */
  PASSWORD: '/api/profile/password',
  /** PUT (multipart, one `profile_image` file): a new picture. */
  AVATAR: '/api/profile/avatar',
} as const;

export const DISPLAY_NAME_LIMITS = { MIN: 1, MAX: 60 } as const;

export const PROFILE_MESSAGES = {
  NAME_REQUIRED: 'Enter the name your colleagues and clients see.',
  NAME_TOO_LONG: `Use at most ${DISPLAY_NAME_LIMITS.MAX} characters.`,
  NAME_CONTROL: 'Use letters, numbers, spaces and punctuation only.',
  NAME_SAVED: 'Your name is saved.',
  NAME_CLEARED: 'Your name is cleared: you go by your e-mail name again.',
  CURRENT_PASSWORD_REQUIRED: 'Enter your current password.',
  CURRENT_PASSWORD_WRONG: 'Your current password is not right. Check it and try again.',
  TOO_MANY_WRONG: (minutes: number) =>
    `Too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  SAME_PASSWORD: 'Choose a new password that is not your current one.',
  PASSWORD_CHANGED: 'Your password is changed. You are signed out everywhere else.',
  AVATAR_REQUIRED: 'Choose a picture (PNG, JPEG, WebP or GIF, 2 MB or smaller).',
  AVATAR_CHANGED: 'Your picture is changed.',
} as const;

/** The words of the page, used by the page and its tests. */
export const PROFILE_COPY = {
  TITLE: 'Your profile',
  NAME_LABEL: 'Display name',
  NAME_HINT: `Shown in the welcome line, the assignee lists, the history, your notes and as the sender of your replies. ${DISPLAY_NAME_LIMITS.MAX} characters at most; leave it empty to use your e-mail name.`,
  AVATAR_LABEL: 'New picture',
  AVATAR_HINT: 'PNG, JPEG, WebP or GIF, 2 MB or smaller. It is cut to a square.',
  CURRENT_PASSWORD_LABEL: 'Current password',
  NEW_PASSWORD_LABEL: 'New password',
  CONFIRM_PASSWORD_LABEL: 'Confirm new password',
  NEW_PASSWORD_HINT:
    'At least 8 characters with an uppercase and a lowercase letter, a number and a special character. Changing it signs you out on every other device.',
  NOTIFICATIONS_HEADING: 'Notifications',
} as const;

// Control characters (C0, DEL, C1) and the invisible line and paragraph separators: a name is one visible line.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A display name as typed: trimmed, its inner runs of spaces made one. Empty means "no name": the person goes by the
 * e-mail's local part again.
 */
export const displayNameField = z
  .string({ error: PROFILE_MESSAGES.NAME_REQUIRED })
  .refine((name) => !CONTROL_CHARACTERS.test(name), PROFILE_MESSAGES.NAME_CONTROL)
  .transform((name) => name.trim().replace(/\s+/g, ' '))
  .refine((name) => [...name].length <= DISPLAY_NAME_LIMITS.MAX, PROFILE_MESSAGES.NAME_TOO_LONG);

/** PUT /api/profile. An empty name clears it. */
export const ProfileChangeSchema = z.strictObject({ displayName: displayNameField });
export type ProfileChange = z.input<typeof ProfileChangeSchema>;

export const ProfileSchema = z.object({
  /** The name as saved; null when the person has set none. */
  displayName: z.string().nullable(),
  /** What everyone sees: the display name, or the e-mail's local part. */
  name: z.string(),
  username: z.string(),
  email: z.string(),
  profile_image: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  profile: ProfileSchema,
});
export type ProfileAnswer = z.infer<typeof ProfileAnswerSchema>;

const currentPasswordField = z
  .string({ error: PROFILE_MESSAGES.CURRENT_PASSWORD_REQUIRED })
  .min(1, PROFILE_MESSAGES.CURRENT_PASSWORD_REQUIRED)
  .refine((password) => utf8ByteLength(password) <= LIMITS.PASSWORD_MAX_BYTES, FIELD_MESSAGES.PASSWORD_TOO_LONG);

/** PUT /api/profile/password: the current password proves it is the person; the new one follows the sign-up rule. */
export const PasswordChangeSchema = z
  .strictObject({ currentPassword: currentPasswordField, newPassword: newPasswordField })
  .refine(({ currentPassword, newPassword }) => currentPassword !== newPassword, {
    message: PROFILE_MESSAGES.SAME_PASSWORD,
    path: ['newPassword'],
  });
export type PasswordChange = z.input<typeof PasswordChangeSchema>;

/** The page's three password boxes: the change, and the new password typed twice. */
export const PasswordChangeFormSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: FIELD_MESSAGES.REQUIRED }),
  })
  .refine(({ currentPassword, newPassword }) => currentPassword !== newPassword, {
    message: PROFILE_MESSAGES.SAME_PASSWORD,
    path: ['newPassword'],
  })
  .refine(({ newPassword, confirmPassword }) => newPassword === confirmPassword, {
    message: SPEC_MESSAGES.PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });

/** The name a staff member is shown by: their display name, or their e-mail's local part. */
export function staffNameOf(user: { email: string; displayName?: string | null }): string {
  return user.displayName ?? user.email.split('@')[0] ?? user.email;
}
