import { ContactMessageSchema, FIELD_MESSAGES, FORM_TEXTS, SPEC_MESSAGES, fieldErrorsOf } from '@agency/shared';
import { useRef, useState, type FormEvent } from 'react';
import { TextAreaField, TextField, focusFirstInvalid } from '@/components/ui/form-fields';
import { useFormValues } from '@/components/ui/form-state';
import { SuccessBanner, type SuccessNotice } from '@/components/ui/success-banner';
import { SUM_ANSWER_FIELD, SumQuestionField, useSumQuestion } from '@/features/human-check';
import { submitContactMessage } from '../api/submit-contact-message';

const EMPTY_MESSAGE = { name: '', email: '', phone: '', message: '' };

export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setField, errors, setErrors, reset } = useFormValues(EMPTY_MESSAGE);
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

    const parsed = ContactMessageSchema.safeParse(values);
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (answer.trim() === '') fieldErrors[SUM_ANSWER_FIELD] = FIELD_MESSAGES.SUM_REQUIRED;
    if (!parsed.success || Object.keys(fieldErrors).length > 0) {
      showFieldErrors(fieldErrors);
      return;
    }
    setErrors({});

    if (!sum.isCorrect(answer)) {
      // Contact draws a new question after a wrong answer (spec 4).
      setFormError(SPEC_MESSAGES.WRONG_SUM_CONTACT);
      sum.regenerate();
      setAnswer('');
      focusFirstInvalid(formRef.current, { [SUM_ANSWER_FIELD]: SPEC_MESSAGES.WRONG_SUM_CONTACT });
      return;
    }

    setSending(true);
    try {
      const result = await submitContactMessage(parsed.data);
      if (result.outcome === 'sent') {
        reset();
        setAnswer('');
        sum.regenerate();
        noticeCount.current += 1;
        setNotice({ message: SPEC_MESSAGES.MESSAGE_SENT, id: noticeCount.current });
      } else if (result.outcome === 'invalid') {
        showFieldErrors(result.errors);
      } else if (result.outcome === 'server-message') {
        setFormError(result.message);
      } else {
        setFormError(SPEC_MESSAGES.CONTACT_FAILED);
      }
    } catch {
      setFormError(SPEC_MESSAGES.CONTACT_ERROR);
    } finally {
      setSending(false);
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit} aria-label="Contact form">
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
      <TextAreaField
        name="message"
        label="Message"
        required
        rows={6}
        value={values.message}
        onChange={(value) => setField('message', value)}
        error={errors.message}
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
          {sending ? 'Sending…' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
