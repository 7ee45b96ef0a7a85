import { API_PATHS } from '../api';
import { SPEC_MESSAGES } from '../messages';
import { PATHS } from '../site-paths';
import { QuoteRequestSchema } from '../schemas/quote';
import type { EnquiryKind } from './define-kind';
import { REPLY_PROMISES } from './reply-promises';
import { LEAD_STATUSES } from './statuses';

/** How a quote request is stored, listed and shown (docs/decisions/0009). */
export const REQUEST_QUOTE_KIND = {
  schema: QuoteRequestSchema,
  fields: {
    name: { column: 'name', label: 'Name', searched: true },
    email: { column: 'email', label: 'E-mail', searched: true },
    phone: { column: 'phone', label: 'Phone', searched: true, layout: 'one-line', phone: true },
    location: { column: 'location', label: 'Location', searched: true },
    projectDescription: {
      column: 'project_description',
      label: 'Project description',
      searched: true,
      layout: 'long',
      listedAs: 'project_description',
    },
    services: { column: 'services', label: 'Services', storedAs: 'json' },
  },
  paths: {
    submit: API_PATHS.SUBMIT_QUOTE,
    list: '/api/get_request_quote_messages.php',
    delete: '/api/delete_request_quote_message.php',
  },
  formPage: PATHS.requestQuote,
  successMessage: SPEC_MESSAGES.QUOTE_SUBMITTED,
  wrongSumMessage: SPEC_MESSAGES.WRONG_SUM_QUOTE,
  notificationTitle: 'quote request',
  replyPromise: REPLY_PROMISES.quote,
  inbox: {
    tabLabel: 'Request Quote',
    nameFields: ['name'],
    previewFields: ['projectDescription'],
    statuses: LEAD_STATUSES,
    responseTargetMinutes: 60,
  },
} as const satisfies EnquiryKind<typeof QuoteRequestSchema>;
