/** The API contract of spec section 7: paths under /api/, and the four message kinds. */

export const API_BASE = '/api';

export const API_PATHS = {
  SESSION_CHECK: '/api/login.php?action=check',
  LOGIN: '/api/login.php?action=login',
  LOGOUT: '/api/logout.php',
  REGISTER: '/api/register.php',
  RESET_REQUEST: '/api/reset_password.php',
  CONFIRM_EMAIL: '/api/confirm-email.php',
  UPDATE_PASSWORD: '/api/update_password.php',
  SUBMIT_WEB_TRAINING: '/api/submit_webdev_training.php',
  SUBMIT_CREATIVE_TRAINING: '/api/submit_creative_training.php',
  SUBMIT_CONTACT: '/api/submit_contactform.php',
  SUBMIT_QUOTE: '/api/submit_quote.php',
  HEALTH: '/api/health',
  PROFILE_IMAGES: '/api/uploads/profile_images',
} as const;

export const DEFAULT_AVATAR = 'default-avatar.png';

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

export interface SessionUser {
  username: string;
  email: string;
  profile_image: string;
}

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

/** The JSON envelope of every API answer (CONVENTIONS). */
export interface ApiResult {
  success: boolean;
  message?: string;
  errors?: Record<string, string>;
}
