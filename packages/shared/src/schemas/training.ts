import { z } from 'zod';
import { LIMITS } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import {
  CREATIVE_TRAINING_TYPE,
  NIGERIAN_STATES,
  OCCUPATIONS,
  REFERRALS,
  SCHEDULES,
  WEB_TRAINING_TYPES,
} from '../options';
import { emailField, normalisedPhone, optionalChoice, requiredChoice, requiredText } from './fields';

const TRAINING_PHONE_PATTERN = new RegExp(`^\\d{${LIMITS.TRAINING_PHONE_DIGITS}}$`);

/** Eleven digits once normalised (`+234 803 555 1234` is `08035551234`); the spec's message for anything else. */
export const trainingPhoneField = z
  .string({ error: FIELD_MESSAGES.REQUIRED })
  .overwrite(normalisedPhone)
  .min(1, FIELD_MESSAGES.REQUIRED)
  .regex(TRAINING_PHONE_PATTERN, FIELD_MESSAGES.TRAINING_PHONE);

const trainingFields = {
  surname: requiredText(LIMITS.NAME_MAX),
  firstname: requiredText(LIMITS.NAME_MAX),
  email: emailField,
  phone: trainingPhoneField,
  schedule: optionalChoice(SCHEDULES),
  occupation: requiredChoice(OCCUPATIONS),
  state: requiredChoice(NIGERIAN_STATES),
  referral: requiredChoice(REFERRALS),
};

/** POST submit_webdev_training.php */
export const WebTrainingRegistrationSchema = z.strictObject({
  ...trainingFields,
  trainingType: optionalChoice(WEB_TRAINING_TYPES),
});

/**
 * POST submit_creative_training.php: the same nine fields, trainingType fixed. Missing, "", null (the original front
 * end always sent "") and the course's own name all mean this course (issue 10).
 */
export const CreativeTrainingRegistrationSchema = z.strictObject({
  ...trainingFields,
  trainingType: z
    .union([z.literal(CREATIVE_TRAINING_TYPE), z.literal(''), z.null()], { error: FIELD_MESSAGES.CHOOSE_OPTION })
    .optional()
    .transform(() => CREATIVE_TRAINING_TYPE),
});

export type WebTrainingRegistrationInput = z.input<typeof WebTrainingRegistrationSchema>;
export type WebTrainingRegistration = z.output<typeof WebTrainingRegistrationSchema>;
export type CreativeTrainingRegistrationInput = z.input<typeof CreativeTrainingRegistrationSchema>;
export type CreativeTrainingRegistration = z.output<typeof CreativeTrainingRegistrationSchema>;
