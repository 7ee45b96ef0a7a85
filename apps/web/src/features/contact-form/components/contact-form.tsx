import { API_PATHS, ContactMessageSchema, FORM_TEXTS, SPEC_MESSAGES } from '@agency/shared';
import { FormOutcomeSummary } from '@/components/forms/form-outcome';
import { TextAreaField, TextField } from '@/components/forms/fields';
import { SumQuestionField } from '@/components/forms/human-check/sum-question-field';
import { PublicFormFooter } from '@/components/forms/public-form-footer';
import { usePublicForm } from '@/components/forms/use-public-form';
import { submitContactMessage } from '../api/submit-contact-message';

const EMPTY_MESSAGE = { name: '', email: '', phone: '', message: '' };

export function ContactForm() {
  const form = usePublicForm({
    initialValues: EMPTY_MESSAGE,
    action: API_PATHS.SUBMIT_CONTACT,
    parse: (values) => ContactMessageSchema.safeParse(values),
    send: submitContactMessage,
    messages: {
      sent: SPEC_MESSAGES.MESSAGE_SENT,
      wrongSum: SPEC_MESSAGES.WRONG_SUM_CONTACT,
      failed: SPEC_MESSAGES.CONTACT_FAILED,
      networkError: SPEC_MESSAGES.CONTACT_ERROR,
    },
    feedback: 'inline',
    // Contact draws a new question after a wrong answer (spec 4).
    newQuestionAfterWrongSum: true,
    unreadableAnswer: 'network-error',
  });

  return (
    <form className="form" {...form.formProps} aria-label="Contact form">
      <FormOutcomeSummary outcome={form.outcome} />
      <p className="form__intro">{FORM_TEXTS.REQUIRED_NOTE}</p>
      <div className="form__row">
        <TextField label="Name" autoComplete="name" required {...form.fieldProps('name')} />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...form.fieldProps('email')}
        />
      </div>
      <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" required {...form.fieldProps('phone')} />
      <TextAreaField label="Message" required rows={6} {...form.fieldProps('message')} />
      <SumQuestionField question={form.sumQuestion} token={form.questionToken} {...form.answerProps} />
      <PublicFormFooter form={form} submitLabel="Send Message" />
    </form>
  );
}
