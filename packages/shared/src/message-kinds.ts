/**
 * The four kinds of stored enquiry (spec 3 and 7): their list and delete paths and the fields the dashboard lists.
 * Apart from api.ts, so the JavaScript every public page loads does not carry the dashboard's tables.
 */

export const MESSAGE_KINDS = ['web_dev', 'creative_design', 'contact', 'request_quote'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const DEFAULT_MESSAGE_KIND: MessageKind = 'web_dev';

/** GET list path and DELETE path of each kind. */
export const MESSAGE_KIND_PATHS: Record<MessageKind, { list: string; delete: string }> = {
  web_dev: { list: '/api/get_webdev_messages.php', delete: '/api/delete_web_dev_message.php' },
  creative_design: {
    list: '/api/get_creative_design_messages.php',
    delete: '/api/delete_creative_design_message.php',
  },
  contact: { list: '/api/get_contact_messages.php', delete: '/api/delete_contact_message.php' },
  request_quote: {
    list: '/api/get_request_quote_messages.php',
    delete: '/api/delete_request_quote_message.php',
  },
};

/** Stored fields of each kind as listed in the dashboard (spec 3), besides id. */
export const MESSAGE_KIND_FIELDS = {
  web_dev: [
    'firstname',
    'surname',
    'email',
    'phone',
    'schedule',
    'trainingType',
    'occupation',
    'state',
    'referral',
    'created_at',
  ],
  creative_design: [
    'firstname',
    'surname',
    'email',
    'phone',
    'schedule',
    'occupation',
    'state',
    'referral',
    'created_at',
  ],
  contact: ['name', 'email', 'phone', 'message', 'created_at'],
  request_quote: ['name', 'email', 'phone', 'location', 'project_description', 'services', 'created_at'],
} as const satisfies Record<MessageKind, readonly string[]>;

export interface WebDevMessage {
  id: number;
  firstname: string;
  surname: string;
  email: string;
  phone: string;
  schedule: string | null;
  trainingType: string | null;
  occupation: string;
  state: string;
  referral: string;
  created_at: string;
}
export type CreativeDesignMessage = Omit<WebDevMessage, 'trainingType'>;
export interface ContactMessageRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: string;
}
export interface RequestQuoteMessage {
  id: number;
  name: string;
  email: string;
  phone: string;
  location: string;
  project_description: string;
  services: string[];
  created_at: string;
}
export interface MessageRowByKind {
  web_dev: WebDevMessage;
  creative_design: CreativeDesignMessage;
  contact: ContactMessageRow;
  request_quote: RequestQuoteMessage;
}
