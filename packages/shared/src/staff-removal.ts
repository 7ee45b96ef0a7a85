/**
 * Removing a colleague who still holds open enquiries (issue 23, docs/decisions/0048): the owner sees them first and
 * hands them to one colleague, or leaves them unassigned, in the same step as the removal.
 */
import { z } from 'zod';
import { MESSAGE_KINDS } from './enquiry-kinds';
import { INBOX_FOLDERS } from './inbox';
import { StaffAccountSchema } from './staff-admin';

export const STAFF_REMOVAL_PATHS = {
  /** GET (owners): the open enquiries an account holds (assigned to it, in the inbox, New or Contacted). */
  openEnquiries: (id: number) => `/api/staff/accounts/${id}/open-enquiries`,
} as const;

/** An enquiry still being followed up: in the inbox (not the trash or spam) and not yet decided (Won, Lost ...). */
export const OPEN_ENQUIRY = { folder: 'inbox', statuses: ['new', 'contacted'] } as const satisfies {
  folder: (typeof INBOX_FOLDERS)[number];
  statuses: readonly string[];
};

export const OpenEnquirySchema = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KINDS),
  reference: z.string(),
  /** The person's name as the inbox lists it. */
  name: z.string(),
  status: z.string(),
});
export type OpenEnquiry = z.infer<typeof OpenEnquirySchema>;

export const OpenEnquiriesAnswerSchema = z.object({ success: z.literal(true), enquiries: z.array(OpenEnquirySchema) });

export const STAFF_REMOVAL_MESSAGES = {
  REASSIGN_TO_NOBODY_ELSE: 'Choose a colleague other than the person being removed.',
  REASSIGN_TO_STAFF: 'Choose a colleague who is staff or an owner.',
} as const;

/**
 * The removal's optional body. Without `reassignTo` (as older callers send it, or with no body at all) every
 * enquiry the account holds becomes unassigned; with a colleague's id, its open enquiries go to that colleague.
 */
export const RemoveAccountSchema = z
  .object({
    reassignTo: z
      .number()
      .int()
      .positive()
      .nullable()
      .optional()
      .describe("A colleague's account id to take the open enquiries; null or absent: nobody"),
  })
  .strict();
export type RemoveAccount = z.output<typeof RemoveAccountSchema>;

/** The removal's answer: the account as now, and what became of its enquiries (older callers read `account` only). */
export const RemovedAccountAnswerSchema = z.object({
  success: z.literal(true),
  account: StaffAccountSchema,
  /** Open enquiries handed to `reassignedTo`. */
  reassigned: z.number(),
  /** Enquiries that now have nobody: all of them without a colleague chosen, else the closed, trashed and spam ones. */
  unassigned: z.number(),
  reassignedTo: z.number().nullable(),
});
export type RemovedAccountAnswer = z.infer<typeof RemovedAccountAnswerSchema>;
