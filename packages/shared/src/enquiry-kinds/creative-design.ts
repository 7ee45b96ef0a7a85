import { API_PATHS } from '../api';
import { SPEC_MESSAGES } from '../messages';
import { PATHS } from '../site-paths';
import { CreativeTrainingRegistrationSchema } from '../schemas/training';
import type { EnquiryKind } from './define-kind';
import { REPLY_PROMISES } from './reply-promises';
import { TRAINING_STATUSES } from './statuses';

/** How a creative graphic design training registration is stored, listed and shown (docs/decisions/0009). */
export const CREATIVE_DESIGN_KIND = {
  schema: CreativeTrainingRegistrationSchema,
  fields: {
    firstname: { column: 'firstname', label: 'First name', searched: true },
    surname: { column: 'surname', label: 'Surname', searched: true },
    email: { column: 'email', label: 'E-mail', searched: true },
    phone: { column: 'phone', label: 'Phone', searched: true, layout: 'one-line', phone: true },
    schedule: { column: 'schedule', label: 'Schedule' },
    // Always "Creative Graphic Design": the table does not keep it and the list does not show it (spec 3).
    trainingType: null,
    occupation: { column: 'occupation', label: 'Occupation' },
    state: { column: 'state', label: 'State', searched: true },
    referral: { column: 'referral', label: 'Referral' },
  },
  paths: {
    submit: API_PATHS.SUBMIT_CREATIVE_TRAINING,
    list: '/api/get_creative_design_messages.php',
    delete: '/api/delete_creative_design_message.php',
  },
  formPage: PATHS.creativeTraining,
  successMessage: SPEC_MESSAGES.REGISTRATION_SUCCESS,
  wrongSumMessage: SPEC_MESSAGES.WRONG_SUM_TRAINING,
  notificationTitle: 'creative graphic design training registration',
  replyPromise: REPLY_PROMISES.training,
  inbox: {
    tabLabel: 'Creative Design',
    nameFields: ['firstname', 'surname'],
    previewFields: ['schedule'],
    statuses: TRAINING_STATUSES,
    responseTargetMinutes: 240,
  },
} as const satisfies EnquiryKind<typeof CreativeTrainingRegistrationSchema>;
