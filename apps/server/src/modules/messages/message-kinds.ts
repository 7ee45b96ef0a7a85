import type { z } from 'zod';
import {
  API_PATHS,
  ContactMessageSchema,
  CreativeTrainingRegistrationSchema,
  MESSAGE_KIND_FIELDS,
  MESSAGE_KIND_PATHS,
  QuoteRequestSchema,
  SPEC_MESSAGES,
  WebTrainingRegistrationSchema,
  type MessageKind,
} from '@agency/shared';

export type MessageTable =
  'web_dev_messages' | 'creative_design_messages' | 'contact_messages' | 'request_quote_messages';

export interface MessageKindDefinition {
  kind: MessageKind;
  table: MessageTable;
  submitPath: string;
  listPath: string;
  deletePath: string;
  schema: z.ZodType;
  successMessage: string;
  /** Used in the staff notification: "A new {title} has arrived". */
  title: string;
  /** API field names searched by `q`. */
  searchFields: readonly string[];
}

export const MESSAGE_KIND_DEFINITIONS: Record<MessageKind, MessageKindDefinition> = {
  web_dev: {
    kind: 'web_dev',
    table: 'web_dev_messages',
    submitPath: API_PATHS.SUBMIT_WEB_TRAINING,
    ...listAndDelete('web_dev'),
    schema: WebTrainingRegistrationSchema,
    successMessage: SPEC_MESSAGES.REGISTRATION_SUCCESS,
    title: 'web development training registration',
    searchFields: ['firstname', 'surname', 'email', 'phone', 'state'],
  },
  creative_design: {
    kind: 'creative_design',
    table: 'creative_design_messages',
    submitPath: API_PATHS.SUBMIT_CREATIVE_TRAINING,
    ...listAndDelete('creative_design'),
    schema: CreativeTrainingRegistrationSchema,
    successMessage: SPEC_MESSAGES.REGISTRATION_SUCCESS,
    title: 'creative graphic design training registration',
    searchFields: ['firstname', 'surname', 'email', 'phone', 'state'],
  },
  contact: {
    kind: 'contact',
    table: 'contact_messages',
    submitPath: API_PATHS.SUBMIT_CONTACT,
    ...listAndDelete('contact'),
    schema: ContactMessageSchema,
    successMessage: SPEC_MESSAGES.MESSAGE_SENT,
    title: 'contact message',
    searchFields: ['name', 'email', 'phone', 'message'],
  },
  request_quote: {
    kind: 'request_quote',
    table: 'request_quote_messages',
    submitPath: API_PATHS.SUBMIT_QUOTE,
    ...listAndDelete('request_quote'),
    schema: QuoteRequestSchema,
    successMessage: SPEC_MESSAGES.QUOTE_SUBMITTED,
    title: 'quote request',
    searchFields: ['name', 'email', 'phone', 'location', 'project_description'],
  },
};

function listAndDelete(kind: MessageKind) {
  return { listPath: MESSAGE_KIND_PATHS[kind].list, deletePath: MESSAGE_KIND_PATHS[kind].delete };
}

/** Stored fields (spec 3) of a kind, without created_at, which the server sets. */
export function storedFieldsOf(kind: MessageKind): string[] {
  return MESSAGE_KIND_FIELDS[kind].filter((field) => field !== 'created_at');
}

/** Column of an API field: the database is snake_case throughout. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The request body key a stored field comes from (the quote form sends projectDescription). */
export function inputKeyOf(field: string): string {
  return field.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}
