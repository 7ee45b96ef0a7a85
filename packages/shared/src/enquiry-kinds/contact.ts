import { API_PATHS } from '../api';
import { SPEC_MESSAGES } from '../messages';
import { PATHS } from '../site-paths';
import { ContactMessageSchema } from '../schemas/contact';
import type { EnquiryKind } from './define-kind';
import { REPLY_PROMISES } from './reply-promises';
import { LEAD_STATUSES } from './statuses';

/** How a contact message is stored, listed and shown (docs/decisions/0009). */
export const CONTACT_KIND = {
  schema: ContactMessageSchema,
  fields: {
    name: { column: 'name', label: 'Name', searched: true },
    email: { column: 'email', label: 'E-mail', searched: true },
    phone: { column: 'phone', label: 'Phone', searched: true, layout: 'one-line', phone: true },
    message: { column: 'message', label: 'Message', searched: true, layout: 'long' },
  },
  paths: {
    submit: API_PATHS.SUBMIT_CONTACT,
    list: '/api/get_contact_messages.php',
    delete: '/api/delete_contact_message.php',
  },
  formPage: PATHS.contact,
  successMessage: SPEC_MESSAGES.MESSAGE_SENT,
  wrongSumMessage: SPEC_MESSAGES.WRONG_SUM_CONTACT,
  notificationTitle: 'contact message',
  replyPromise: REPLY_PROMISES.contact,
  inbox: {
    tabLabel: 'Contact',
    nameFields: ['name'],
    previewFields: ['message'],
    statuses: LEAD_STATUSES,
    responseTargetMinutes: 60,
  },
} as const satisfies EnquiryKind<typeof ContactMessageSchema>;
