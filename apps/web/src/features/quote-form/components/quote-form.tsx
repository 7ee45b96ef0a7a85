import {
  FIELD_MESSAGES,
  FORM_TEXTS,
  NIGERIAN_STATES,
  QUOTE_SERVICES,
  QuoteRequestSchema,
  SPEC_MESSAGES,
  fieldErrorsOf,
} from '@agency/shared';
import { useRef, useState, type FormEvent } from 'react';
import { CheckboxGroup, SelectField, TextAreaField, TextField, focusFirstInvalid } from '@/components/ui/form-fields';
import { useFormValues } from '@/components/ui/form-state';
import { SuccessBanner, type SuccessNotice } from '@/components/ui/success-banner';
import { SUM_ANSWER_FIELD, SumQuestionField, useSumQuestion } from '@/features/human-check';
import { submitQuoteRequest } from '../api/submit-quote-request';

const EMPTY_REQUEST: {
  name: string;
  email: string;
  phone: string;
  location: string;
  projectDescription: string;
  services: string[];
} = { name: '', email: '', phone: '', location: '', projectDescription: '', services: [] };

export function QuoteForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setField, errors, setErrors, reset } = useFormValues(EMPTY_REQUEST);
  const sum = useSumQuestion();
  const [answer, setAnswer] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
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
    setFormError(null);

    const parsed = QuoteRequestSchema.safeParse(values);
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (answer.trim() === '') fieldErrors[SUM_ANSWER_FIELD] = FIELD_MESSAGES.SUM_REQUIRED;
    if (!parsed.success || Object.keys(fieldErrors).length > 0) {
      showFieldErrors(fieldErrors);
      return;
    }
    setErrors({});

    if (!sum.isCorrect(answer)) {
      // The quote form draws a new question after a wrong answer (spec 4).
      setFormError(SPEC_MESSAGES.WRONG_SUM_QUOTE);
      sum.regenerate();
      setAnswer('');
      focusFirstInvalid(formRef.current, { [SUM_ANSWER_FIELD]: SPEC_MESSAGES.WRONG_SUM_QUOTE });
      return;
    }

    setSending(true);
    try {
      const result = await submitQuoteRequest(parsed.data);
      if (result.outcome === 'sent') {
        reset();
        setAnswer('');
        sum.regenerate();
        noticeCount.current += 1;
        setNotice({ message: SPEC_MESSAGES.QUOTE_SUBMITTED, id: noticeCount.current });
      } else if (result.outcome === 'invalid') {
        showFieldErrors(result.errors);
      } else if (result.outcome === 'server-message') {
        setFormError(result.message);
      } else {
        setFormError(SPEC_MESSAGES.QUOTE_FAILED);
      }
    } catch {
      setFormError(SPEC_MESSAGES.QUOTE_ERROR);
    } finally {
      setSending(false);
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit} aria-label="Request a quote">
      <p className="form__intro">{FORM_TEXTS.REQUIRED_NOTE}</p>
      <div className="form__row">
        <TextField
          name="name"
          label="Name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(value) => setField('name', value)}
          error={errors.name}
        />
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
      </div>
      <div className="form__row">
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          value={values.phone}
          onChange={(value) => setField('phone', value)}
          error={errors.phone}
        />
        <SelectField
          name="location"
          label="Location (state)"
          placeholder="Select your state"
          options={NIGERIAN_STATES}
          autoComplete="address-level1"
          required
          value={values.location}
          onChange={(value) => setField('location', value)}
          error={errors.location}
        />
      </div>
      <TextAreaField
        name="projectDescription"
        label="Project description"
        hint="What do you want built, for whom, and by when?"
        required
        rows={6}
        value={values.projectDescription}
        onChange={(value) => setField('projectDescription', value)}
        error={errors.projectDescription}
      />
      <CheckboxGroup
        name="services"
        legend="Services you need"
        options={QUOTE_SERVICES}
        values={values.services}
        onChange={(services) => setField('services', services)}
        error={errors.services}
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
      {formError ? (
        <p className="alert alert--error" role="alert">
          {formError}
        </p>
      ) : null}
      <SuccessBanner notice={notice} onClose={() => setNotice(null)} />
      <div className="form__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={sending || sum.question === null}
          aria-busy={sending}
        >
          {sending ? 'Sending…' : 'Submit Request'}
        </button>
      </div>
    </form>
  );
}
