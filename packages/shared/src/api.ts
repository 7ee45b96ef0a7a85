/** The API contract of spec section 7: paths under /api/, the signed-in user and the JSON envelope. */

export const API_BASE = '/api';

export const API_PATHS = {
  SESSION_CHECK: '/api/login.php?action=check',
  LOGIN: '/api/login.php?action=login',
  LOGOUT: '/api/logout.php',
  REGISTER: '/api/register.php',
  RESET_REQUEST: '/api/reset_password.php',
  CONFIRM_EMAIL: '/api/confirm-email.php',
  UPDATE_PASSWORD: '/api/update_password.php',
  /** POST (JSON email): a new confirmation link for an unconfirmed account; the same answer for any address. */
  RESEND_CONFIRMATION: '/api/resend-confirmation',
  SUBMIT_WEB_TRAINING: '/api/submit_webdev_training.php',
  SUBMIT_CREATIVE_TRAINING: '/api/submit_creative_training.php',
  SUBMIT_CONTACT: '/api/submit_contactform.php',
  SUBMIT_QUOTE: '/api/submit_quote.php',
  HEALTH: '/api/health',
  /** GET: a new arithmetic question with its signed token (issue 10). */
  HUMAN_CHECK: '/api/human-check',
  PROFILE_IMAGES: '/api/uploads/profile_images',
  /** The spec's path of the same images (issue 10: older clients). */
  SPEC_PROFILE_IMAGES: '/uploads/profile_images',
  /** Mails that could not be delivered after every try (staff only; issue 9). */
  FAILED_MAILS: '/api/outbox/failed',
  /** GET: the OpenAPI 3.1 document of every endpoint above (issue 11). */
  OPENAPI: '/api/openapi.json',
  /** GET (staff), PUT (owners): the business calendar of issue 21 (business-calendar.ts). */
  BUSINESS_CALENDAR: '/api/business-calendar',
  /** POST (bearer INBOUND_MAIL_SECRET, message/rfc822): a received mail from the mail provider (issue 20). */
  INBOUND_MAIL: '/api/inbound-mail',
} as const;

/** Received mails that matched no enquiry (issue 20), for staff: listed, read, filed with an enquiry, made one. */
export const UNMATCHED_MAIL_PATHS = {
  /** GET: newest first, paged (`before`, `limit`). */
  LIST: '/api/unmatched-mails',
  /** GET: one, with its whole text and its attachments' names. */
  one: (id: number) => `/api/unmatched-mails/${id}`,
  /** POST { reference }: files it with that enquiry, as if it had matched (audited). */
  attach: (id: number) => `/api/unmatched-mails/${id}/attach`,
  /** POST: makes it a new contact enquiry from its sender (audited; no auto-reply). */
  convert: (id: number) => `/api/unmatched-mails/${id}/convert`,
} as const;

export const DEFAULT_AVATAR = 'default-avatar.png';

/**
 * Spec 8's error for an answer that is not JSON, raised by the API client. It lives here, not only in the message
 * catalogue, because every page loads the client for its session check: a bundler keeps a module whole in the chunk
 * that needs it first, and this module is there already, the catalogue is not.
 */
export const FAILED_TO_PARSE_JSON = 'Failed to parse JSON';

export interface SessionUser {
  username: string;
  /** The name shown for the person (issue 23): their display name, or `username` when they have set none. */
  displayName?: string;
  email: string;
  profile_image: string;
  /** May reach the Content area (issue 22): an owner, or staff an owner named content editor. */
  contentEditor?: boolean;
}

/**
 * Whether an answer's `user` is a signed-in user. Hand-written rather than a zod schema: the session check runs on
 * every public page, and zod would add to the JavaScript each of them downloads (docs/decisions/0008).
 */
export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const { username, email } = value as Record<string, unknown>;
  return typeof username === 'string' && typeof email === 'string';
}

/** The JSON envelope of every API answer (CONVENTIONS). */
export interface ApiResult {
  success: boolean;
  message?: string;
  errors?: Record<string, string>;
}
