import {
  CREATIVE_TRAINING_TYPE,
  CreativeTrainingRegistrationSchema,
  FORM_TEXTS,
  NIGERIAN_STATES,
  OCCUPATIONS,
  REFERRALS,
  SCHEDULES,
  SPEC_MESSAGES,
  WEB_TRAINING_TYPES,
  WebTrainingRegistrationSchema,
} from '@agency/shared';
import { FormOutcomeSummary } from '@/components/forms/form-outcome';
import { RadioGroup, SelectField, TextField } from '@/components/forms/fields';
import { SumQuestionField } from '@/components/forms/human-check/sum-question-field';
import { PublicFormFooter } from '@/components/forms/public-form-footer';
import { usePublicForm } from '@/components/forms/use-public-form';
import type { TrainingVariant } from '@/content/training';
import {
  SUBMIT_PATHS,
  submitTrainingRegistration,
  type TrainingRegistration,
} from '../api/submit-training-registration';

const EMPTY_REGISTRATION = {
  surname: '',
  firstname: '',
  email: '',
  phone: '',
  trainingType: '',
  schedule: '',
  occupation: '',
  state: '',
  referral: '',
};

/** Parses what was typed with the variant's shared schema; the creative course's type is fixed, not chosen. */
function parseRegistration(variant: TrainingVariant, values: typeof EMPTY_REGISTRATION) {
  return variant === 'web'
    ? WebTrainingRegistrationSchema.safeParse(values)
    : CreativeTrainingRegistrationSchema.safeParse({ ...values, trainingType: CREATIVE_TRAINING_TYPE });
}

interface TrainingRegistrationFormProps {
  variant: TrainingVariant;
}

export function TrainingRegistrationForm({ variant }: TrainingRegistrationFormProps) {
  const form = usePublicForm<typeof EMPTY_REGISTRATION, TrainingRegistration>({
    initialValues: EMPTY_REGISTRATION,
    action: SUBMIT_PATHS[variant],
    parse: (values) => parseRegistration(variant, values),
    send: (registration, submission) => submitTrainingRegistration(variant, registration, submission),
    messages: {
      sent: SPEC_MESSAGES.REGISTRATION_SUCCESS,
      wrongSum: SPEC_MESSAGES.WRONG_SUM_TRAINING,
      failed: SPEC_MESSAGES.TRAINING_FAILED,
      networkError: SPEC_MESSAGES.TRAINING_ERROR,
    },
    // Training forms alert and keep the same question (spec 4 and 5).
    feedback: 'alert',
    newQuestionAfterWrongSum: false,
    unreadableAnswer: 'failed',
  });

  return (
    <form
      className="form"
      {...form.formProps}
      aria-label={variant === 'web' ? 'Web training registration' : 'Creative graphic design training registration'}
    >
      <FormOutcomeSummary outcome={form.outcome} />
      {variant === 'creative' ? <p className="form__intro">Course: {CREATIVE_TRAINING_TYPE}</p> : null}
      <p className="form__intro">{FORM_TEXTS.REQUIRED_NOTE}</p>
      <div className="form__row">
        <TextField label="Surname" autoComplete="family-name" required {...form.fieldProps('surname')} />
        <TextField label="First name" autoComplete="given-name" required {...form.fieldProps('firstname')} />
      </div>
      {/* Phone has a hint above its box; side by side with Email the two boxes would not line up. */}
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        {...form.fieldProps('email')}
      />
      {/* The spec wants the 11 digits of a national number (0801...), which is what tel-national fills in; HTML allows
          tel-national on a text box only (type="tel" takes the full "tel"), and inputMode still brings up the phone
          keypad, with + and spaces: the shared schema turns +234 803 555 1234 into 08035551234 (issue 17). */}
      <TextField
        label="Phone"
        type="text"
        inputMode="tel"
        autoComplete="tel-national"
        hint={FORM_TEXTS.TRAINING_PHONE_HINT}
        required
        {...form.fieldProps('phone')}
      />
      {variant === 'web' ? (
        <RadioGroup legend="Training type" options={WEB_TRAINING_TYPES} {...form.fieldProps('trainingType')} />
      ) : null}
      <RadioGroup legend="Schedule" options={SCHEDULES} {...form.fieldProps('schedule')} />
      <div className="form__row">
        <SelectField
          label="Occupation"
          placeholder="Select your occupation"
          options={OCCUPATIONS}
          required
          {...form.fieldProps('occupation')}
        />
        <SelectField
          label="State"
          placeholder="Select your state"
          options={NIGERIAN_STATES}
          autoComplete="address-level1"
          required
          {...form.fieldProps('state')}
        />
      </div>
      <SelectField
        label="How did you hear about us?"
        placeholder="Select an option"
        options={REFERRALS}
        required
        {...form.fieldProps('referral')}
      />
      <SumQuestionField question={form.sumQuestion} token={form.questionToken} {...form.answerProps} />
      <PublicFormFooter form={form} submitLabel="Register" />
    </form>
  );
}
