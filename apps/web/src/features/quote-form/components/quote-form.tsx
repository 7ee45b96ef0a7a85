import {
  API_PATHS,
  FORM_TEXTS,
  NIGERIAN_STATES,
  QUOTE_SERVICES,
  QuoteRequestSchema,
  SPEC_MESSAGES,
} from '@agency/shared';
import { FormOutcomeSummary } from '@/components/forms/form-outcome';
import { CheckboxGroup, SelectField, TextAreaField, TextField } from '@/components/forms/fields';
import { SumQuestionField } from '@/components/forms/human-check/sum-question-field';
import { PublicFormFooter } from '@/components/forms/public-form-footer';
import { usePublicForm } from '@/components/forms/use-public-form';
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
  const form = usePublicForm({
    initialValues: EMPTY_REQUEST,
    action: API_PATHS.SUBMIT_QUOTE,
    parse: (values) => QuoteRequestSchema.safeParse(values),
    send: submitQuoteRequest,
    messages: {
      sent: SPEC_MESSAGES.QUOTE_SUBMITTED,
      wrongSum: SPEC_MESSAGES.WRONG_SUM_QUOTE,
      failed: SPEC_MESSAGES.QUOTE_FAILED,
      networkError: SPEC_MESSAGES.QUOTE_ERROR,
    },
    feedback: 'inline',
    // The quote form draws a new question after a wrong answer (spec 4).
    newQuestionAfterWrongSum: true,
    unreadableAnswer: 'network-error',
  });

  return (
    <form className="form" {...form.formProps} aria-label="Request a quote">
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
      <div className="form__row">
        <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" required {...form.fieldProps('phone')} />
        <SelectField
          label="Location (state)"
          placeholder="Select your state"
          options={NIGERIAN_STATES}
          autoComplete="address-level1"
          required
          {...form.fieldProps('location')}
        />
      </div>
      <TextAreaField
        label="Project description"
        hint="What do you want built, for whom, and by when?"
        required
        rows={6}
        {...form.fieldProps('projectDescription')}
      />
      <CheckboxGroup
        name="services"
        id={form.fieldId('services')}
        legend="Services you need"
        options={QUOTE_SERVICES}
        values={form.values.services}
        onChange={(services) => form.setField('services', services)}
        error={form.errors.services}
      />
      <SumQuestionField question={form.sumQuestion} token={form.questionToken} {...form.answerProps} />
      <PublicFormFooter form={form} submitLabel="Submit Request" />
    </form>
  );
}
