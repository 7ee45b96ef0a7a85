import {
  CREATIVE_TRAINING_TYPE,
  CreativeTrainingRegistrationSchema,
  FIELD_MESSAGES,
  FORM_TEXTS,
  NIGERIAN_STATES,
  OCCUPATIONS,
  REFERRALS,
  SCHEDULES,
  SPEC_MESSAGES,
  WEB_TRAINING_TYPES,
  WebTrainingRegistrationSchema,
  fieldErrorsOf,
} from '@agency/shared';
import { useRef, useState, type FormEvent } from 'react';
import { RadioGroup, SelectField, TextField, focusFirstInvalid } from '@/components/ui/form-fields';
import { useFormValues } from '@/components/ui/form-state';
import { SuccessBanner, type SuccessNotice } from '@/components/ui/success-banner';
import { SUM_ANSWER_FIELD, SumQuestionField, useSumQuestion } from '@/features/human-check';
import { submitTrainingRegistration, type TrainingVariant } from '../api/submit-training-registration';

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
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setField, errors, setErrors, reset } = useFormValues(EMPTY_REGISTRATION);
  const sum = useSumQuestion();
  const [answer, setAnswer] = useState('');
  const [notice, setNotice] = useState<SuccessNotice | null>(null);
  const [sending, setSending] = useState(false);
  const noticeCount = useRef(0);

  const showFieldErrors = (fieldErrors: Record<string, string>) => {
    setErrors(fieldErrors);
    focusFirstInvalid(formRef.current, fieldErrors);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;

    const parsed = parseRegistration(variant, values);
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (answer.trim() === '') fieldErrors[SUM_ANSWER_FIELD] = FIELD_MESSAGES.SUM_REQUIRED;
    if (!parsed.success || Object.keys(fieldErrors).length > 0) {
      showFieldErrors(fieldErrors);
      return;
    }
    setErrors({});

    if (!sum.isCorrect(answer)) {
      // Training forms alert and keep the same question (spec 4 and 5).
      window.alert(SPEC_MESSAGES.WRONG_SUM_TRAINING);
      focusFirstInvalid(formRef.current, { [SUM_ANSWER_FIELD]: SPEC_MESSAGES.WRONG_SUM_TRAINING });
      return;
    }

    setSending(true);
    try {
      const result = await submitTrainingRegistration(variant, parsed.data);
      if (result.outcome === 'registered') {
        reset();
        setAnswer('');
        sum.regenerate();
        noticeCount.current += 1;
        setNotice({ message: SPEC_MESSAGES.REGISTRATION_SUCCESS, id: noticeCount.current });
      } else if (result.outcome === 'invalid') {
        showFieldErrors(result.errors);
      } else if (result.outcome === 'server-message') {
        window.alert(result.message);
      } else {
        window.alert(SPEC_MESSAGES.TRAINING_FAILED);
      }
    } catch {
      window.alert(SPEC_MESSAGES.TRAINING_ERROR);
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={handleSubmit}
      aria-label={variant === 'web' ? 'Web training registration' : 'Creative graphic design training registration'}
    >
      {variant === 'creative' ? <p className="form__intro">Course: {CREATIVE_TRAINING_TYPE}</p> : null}
      <p className="form__intro">{FORM_TEXTS.REQUIRED_NOTE}</p>
      <div className="form__row">
        <TextField
          name="surname"
          label="Surname"
          autoComplete="family-name"
          required
          value={values.surname}
          onChange={(value) => setField('surname', value)}
          error={errors.surname}
        />
        <TextField
          name="firstname"
          label="First name"
          autoComplete="given-name"
          required
          value={values.firstname}
          onChange={(value) => setField('firstname', value)}
          error={errors.firstname}
        />
      </div>
      {/* Phone has a hint above its box; side by side with Email the two boxes would not line up. */}
      <TextField
        name="email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(value) => setField('email', value)}
        error={errors.email}
      />
      <TextField
        name="phone"
        label="Phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint={FORM_TEXTS.TRAINING_PHONE_HINT}
        required
        value={values.phone}
        onChange={(value) => setField('phone', value)}
        error={errors.phone}
      />
      {variant === 'web' ? (
        <RadioGroup
          name="trainingType"
          legend="Training type"
          options={WEB_TRAINING_TYPES}
          value={values.trainingType}
          onChange={(value) => setField('trainingType', value)}
          error={errors.trainingType}
        />
      ) : null}
      <RadioGroup
        name="schedule"
        legend="Schedule"
        options={SCHEDULES}
        value={values.schedule}
        onChange={(value) => setField('schedule', value)}
        error={errors.schedule}
      />
      <div className="form__row">
        <SelectField
          name="occupation"
          label="Occupation"
          placeholder="Select your occupation"
          options={OCCUPATIONS}
          required
          value={values.occupation}
          onChange={(value) => setField('occupation', value)}
          error={errors.occupation}
        />
        <SelectField
          name="state"
          label="State"
          placeholder="Select your state"
          options={NIGERIAN_STATES}
          autoComplete="address-level1"
          required
          value={values.state}
          onChange={(value) => setField('state', value)}
          error={errors.state}
        />
      </div>
      <SelectField
        name="referral"
        label="How did you hear about us?"
        placeholder="Select an option"
        options={REFERRALS}
        required
        value={values.referral}
        onChange={(value) => setField('referral', value)}
        error={errors.referral}
      />
      <SumQuestionField
        question={sum.question}
        value={answer}
        onChange={(value) => {
          setAnswer(value);
          setErrors(({ [SUM_ANSWER_FIELD]: _answered, ...rest }) => rest);
        }}
        error={errors[SUM_ANSWER_FIELD]}
      />
      <SuccessBanner notice={notice} onClose={() => setNotice(null)} />
      <div className="form__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={sending || sum.question === null}
          aria-busy={sending}
        >
          {sending ? 'Sending…' : 'Register'}
        </button>
      </div>
    </form>
  );
}
