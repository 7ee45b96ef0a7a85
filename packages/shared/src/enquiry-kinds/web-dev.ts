import { API_PATHS } from '../api';
import { SPEC_MESSAGES } from '../messages';
import { PATHS } from '../site-paths';
import { WebTrainingRegistrationSchema } from '../schemas/training';
import type { EnquiryKind } from './define-kind';
import { REPLY_PROMISES } from './reply-promises';
import { TRAINING_STATUSES } from './statuses';

/** How a web development training registration is stored, listed and shown (docs/decisions/0009). */
export const WEB_DEV_KIND = {
  schema: WebTrainingRegistrationSchema,
  fields: {
    firstname: { column: 'firstname', label: 'First name', searched: true },
    surname: { column: 'surname', label: 'Surname', searched: true },
    email: { column: 'email', label: 'E-mail', searched: true },
    phone: { column: 'phone', label: 'Phone', searched: true, layout: 'one-line', phone: true },
    schedule: { column: 'schedule', label: 'Schedule' },
    trainingType: { column: 'training_type', label: 'Training type' },
    occupation: { column: 'occupation', label: 'Occupation' },
    state: { column: 'state', label: 'State', searched: true },
    referral: { column: 'referral', label: 'Referral' },
  },
  paths: {
    submit: API_PATHS.SUBMIT_WEB_TRAINING,
    list: '/api/get_webdev_messages.php',
    delete: '/api/delete_web_dev_message.php',
  },
  formPage: PATHS.webTraining,
  successMessage: SPEC_MESSAGES.REGISTRATION_SUCCESS,
  wrongSumMessage: SPEC_MESSAGES.WRONG_SUM_TRAINING,
  notificationTitle: 'web development training registration',
  replyPromise: REPLY_PROMISES.training,
  inbox: {
    tabLabel: 'Web Development',
    nameFields: ['firstname', 'surname'],
    previewFields: ['trainingType', 'schedule'],
    statuses: TRAINING_STATUSES,
    responseTargetMinutes: 240,
  },
} as const satisfies EnquiryKind<typeof WebTrainingRegistrationSchema>;
