import { FAILED_TO_PARSE_JSON } from './api';

/**
 * Every user-facing text of the spec, worded exactly as the spec words it, plus the
 * product's own field messages. A spec string appears in code only here, or in the module it is imported from
 * (FAILED_TO_PARSE_JSON: api.ts).
 */

export const SPEC_MESSAGES = {
  // success (spec 9)
  REGISTRATION_SUCCESS: 'Registration successful!',
  MESSAGE_SENT: 'Message sent successfully!',
  QUOTE_SUBMITTED: 'Quote request submitted successfully!',

  // wrong sums (spec 5)
  WRONG_SUM_TRAINING: 'Incorrect answer to the math question.',
  WRONG_SUM_CONTACT: 'Incorrect CAPTCHA answer. Please try again.',
  WRONG_SUM_QUOTE: 'Incorrect CAPTCHA. Please try again.',

  // public form failures (spec 8)
  TRAINING_FAILED: 'Submission failed. Please try again.',
  TRAINING_ERROR: 'An error occurred. Please try again.',
  CONTACT_FAILED: 'Something went wrong. Please try again.',
  CONTACT_ERROR: 'Network or server error. Please try again later.',
  QUOTE_FAILED: 'Submission failed. Please try again.',
  QUOTE_ERROR: 'Network error. Please try again later.',

  // auth screen (spec 5 and 8)
  PASSWORD_RULE:
    'Password must be at least 8 characters long and include uppercase, lowercase, number, and special character.',
  OPERATION_FAILED: 'Operation failed.',
  AUTH_NETWORK_ERROR: 'A network or server error occurred. Please check your connection.',
  FAILED_TO_PARSE_JSON,
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match.',
  PASSWORD_UPDATE_NETWORK_ERROR: 'Something went wrong. Please try again.',
  CONFIRM_VALIDATING: 'Validating your email…',
  CONFIRM_REDIRECTING: 'Redirecting to login page...',
  CONFIRM_TOKEN_MISSING: 'Invalid or missing confirmation token.',
  CONFIRM_NETWORK_ERROR: 'A network error occurred. Please try again later.',

  // dashboard (spec 2, 4, 5)
  INACTIVITY_LOGOUT: 'Logged out due to inactivity.',
  DELETE_CONFIRM: 'Are you sure you want to delete this message?',
  LOADING: 'Loading...',
  LOADING_MESSAGES: 'Loading messages...',
  NO_MESSAGES: 'No messages yet.',
} as const;

/** The cross mark that precedes reset-password and confirm-email error messages (spec 5). */
export const CROSS_MARK = '❌';

/** Field messages of the product's own (the spec is silent on their wording). */
export const FIELD_MESSAGES = {
  REQUIRED: 'This field is required.',
  EMAIL_INVALID: 'Please enter a valid e-mail address.',
  TRAINING_PHONE: 'Phone must be exactly 11 digits (e.g. 08012345678).',
  PHONE_INVALID: 'Please enter a valid phone number.',
  TOO_LONG: (max: number) => `Please keep this under ${max} characters.`,
  CHOOSE_OPTION: 'Please choose one of the listed options.',
  PASSWORD_TOO_LONG: 'Password must be at most 72 bytes long.',
  SUM_REQUIRED: 'Please answer the math question.',
  SINGLE_LINE: 'Please keep this on one line, without tabs, line breaks or other invisible control characters.',
  CONTROL_CHARACTERS: 'Please remove the invisible control characters; only line breaks and tabs are allowed here.',
  BROKEN_CHARACTER: 'This text contains a broken character (half of an emoji or symbol). Please retype it.',
  DECIMAL_NUMBER: 'Please write a whole number with the digits 0-9 only.',
  NUMBER_RANGE: (min: number, max: number) => `Please use a number from ${min} to ${max}.`,
} as const;

/** Server-side answers that people read (CONVENTIONS: plain English). */
/** A wait as a person reads it: minutes up to two hours, then whole hours (a day's window is not "900 minutes"). */
export function waitOf(minutes: number): string {
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

export const API_MESSAGES = {
  INVALID_INPUT: 'Some fields are missing or invalid.',
  INVALID_JSON: 'The request body is not valid JSON.',
  INVALID_UTF8: 'The request body must be UTF-8 text.',
  MALFORMED_REQUEST: 'The request could not be read.',
  REQUEST_TIMEOUT: 'The request took too long to arrive. Please try again.',
  EXPECTATION_FAILED: 'This request asks for something the server does not do (its Expect header).',
  UNSUPPORTED_CONTENT_TYPE: 'This request must be sent as JSON.',
  BODY_TOO_LARGE: 'The request is too large.',
  IMAGE_TOO_LARGE: 'The profile image must be 2 MB or smaller.',
  IMAGE_INVALID: 'The profile image must be a PNG, JPEG, WebP or GIF picture.',
  NOT_FOUND: 'Not found.',
  MESSAGE_NOT_FOUND: 'That message no longer exists.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  NOT_SIGNED_IN: 'Please sign in first.',
  NOT_STAFF: 'Your account is awaiting approval by the agency before it can read messages.',
  CROSS_SITE: 'Cross-site requests are not allowed.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  UNEXPECTED: 'Something went wrong on our side. Please try again.',
  REGISTERED_CHECK_MAIL: 'Registration successful! Please check your e-mail to confirm your address before logging in.',
  LOGIN_SUCCESS: 'Login successful.',
  LOGIN_INVALID: 'Invalid e-mail or password.',
  LOGIN_UNCONFIRMED: 'Please confirm your e-mail address first. Check your inbox for the confirmation link.',
  LOGIN_AWAITING_APPROVAL:
    'Your account is awaiting approval by the agency. You will be able to sign in once a staff member approves it.',
  TOO_MANY_ATTEMPTS: (minutes: number) =>
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  TOO_MANY_REGISTRATIONS: (minutes: number) =>
    `Too many registrations from your network. Please try again in ${waitOf(minutes)}.`,
  /** One e-mail address registered again and again (docs/decisions/0048); said for any address, known or not. */
  TOO_MANY_REGISTRATIONS_FOR_EMAIL: (minutes: number) =>
    `Too many registrations for this e-mail address. Please try again in ${waitOf(minutes)}.`,
  TOO_MANY_SUBMISSIONS: (minutes: number) =>
    `You have sent this form several times in a short while. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and send it again; what you typed is kept.`,
  HUMAN_CHECK_EXPIRED: 'This question has expired. Please answer the new question.',
  /** A form sent under 3 s after it was first shown (issue 17): refused, everything typed kept, never filed as spam. */
  SENT_TOO_FAST: 'That was quicker than we expected. Please check the form and send it again.',
  IDEMPOTENCY_KEY_INVALID: 'The Idempotency-Key must be 1 to 100 letters, digits, dashes or underscores.',
  REFERENCE_NOTICE: (reference: string) => `Your reference is ${reference}.`,
  LOGGED_OUT: 'Logged out.',
  RESET_REQUESTED: 'If an account exists for this e-mail, a password reset link has been sent to it.',
  CONFIRMATION_REQUESTED:
    'If this e-mail belongs to an account that is not confirmed yet, a new confirmation link has been sent to it. It works for 24 hours.',
  PASSWORD_UPDATED: 'Your password has been updated. You can now log in.',
  TOKEN_INVALID: 'This link is invalid or has expired. Please request a new one.',
  EMAIL_CONFIRMED: 'Your e-mail address is confirmed. You can now log in.',
  SUBMITTED: 'Thank you. We have received your submission.',
  DELETED: 'Message deleted.',
} as const;

/** Titles and switch links of the /auth screen, worded as spec section 2 words them. */
export const AUTH_SCREEN_TEXT = {
  LOGIN_TITLE: 'Admin Login',
  REGISTER_TITLE: 'Admin Registration',
  RESET_TITLE: 'Reset Password',
  SWITCH_TO_REGISTER: 'Register here',
  SWITCH_TO_LOGIN: 'Login here',
  SWITCH_TO_RESET: 'Forgot password? Reset',
} as const;

/** Staff-area texts of the product's own (the spec is silent on their wording). */
export const STAFF_MESSAGES = {
  PROFILE_IMAGE_NOT_IMAGE: 'Please choose an image file (PNG, JPEG, WebP or GIF).',
  RESET_TOKEN_MISSING: 'This reset link is incomplete. Please request a new one from the login page.',
} as const;

/** Further server answers (issue 2), appended here so they too are defined once. */
export const SERVER_MESSAGES = {
  ONE_IMAGE_ONLY: 'Please attach one profile image only.',
  MULTIPART_REQUIRED: 'Registration must be sent as a form (multipart/form-data).',
  UNKNOWN_ACTION: 'Unknown action.',
  WEB_NOT_BUILT: 'The web app has not been built yet. Run npm run build, then restart the server.',
} as const;

/** Texts of the public forms that the spec words (spec 5). */
export const FORM_TEXTS = {
  TRAINING_PHONE_HINT: 'Phone (e.g. 08012345678)',
  REQUIRED_NOTE: 'Fields marked * are required.',
} as const;

/** The account pages of issue 17: a new confirmation link, and the wait for an owner's approval. */
export const ACCOUNT_TEXTS = {
  NEW_LINK_TITLE: 'Request a new confirmation link',
  NEW_LINK_ACTION: 'Request a new confirmation link',
  NEW_LINK_LEAD:
    'Confirmation links work for 24 hours and once only. Enter the e-mail address you registered with and we will send a new one; the older links stop working.',
  NEW_LINK_SUBMIT: 'Send a new link',
  NEW_LINK_SENT_TITLE: 'Check your inbox',
  AWAITING_TITLE: 'Your account is waiting for approval',
  AWAITING_NEXT: [
    'Your e-mail address is confirmed. An owner of the agency has been told by e-mail that you are waiting.',
    'Once an owner approves your account, we send you an e-mail and you can sign in with your e-mail address and password.',
    'If you think this takes too long, ask the person who invited you to open the Staff page.',
  ],
} as const;
