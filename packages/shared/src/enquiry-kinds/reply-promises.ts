/**
 * When and how the agency answers each form (issue 17): the form's page says it and the visitor's auto-reply repeats
 * it, both from here, so they cannot disagree. Each kind's definition names its promise; the pages import this module
 * alone, so the definitions stay out of their chunks.
 */
export const REPLY_PROMISES = {
  training: 'we will call you within two working days to confirm your place',
  contact: 'we reply within one working day',
  quote: 'we read your request and reply within one working day',
} as const;

export type ReplyPromise = (typeof REPLY_PROMISES)[keyof typeof REPLY_PROMISES];

/** A promise as a sentence of its own: "We reply within one working day." */
export function replyPromiseSentence(promise: ReplyPromise): string {
  return `${promise.charAt(0).toUpperCase()}${promise.slice(1)}.`;
}
