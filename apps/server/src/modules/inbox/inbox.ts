import { EnquiryRefSchema, MESSAGE_KINDS } from '@agency/shared';
import { parseInput } from '../../middleware/validate';
import { kindOf } from './inbox.service';

/** The path parameter of an enquiry's kind, as the OpenAPI document declares it. */
export const KIND_PARAMETER = {
  name: 'kind',
  in: 'path',
  required: true,
  schema: { type: 'string', enum: [...MESSAGE_KINDS] },
  description: 'An unknown kind is 404',
};
const ID_PARAMETER = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } };
const IdParamSchema = EnquiryRefSchema.pick({ id: true });

/**
 * One enquiry's path parameters: its kind (404 when unknown), then its id (400 when not a number). Every route under
 * `/api/enquiries/:kind/:id` declares them with this: the inbox's, replies, snooze, first response.
 */
export const inEnquiry = {
  parameters: [KIND_PARAMETER, ID_PARAMETER],
  parse: (raw: Record<string, string>) => ({
    kind: kindOf(raw.kind ?? ''),
    id: parseInput(IdParamSchema, { id: raw.id }).id,
  }),
};
