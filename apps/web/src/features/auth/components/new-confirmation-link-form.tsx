import { useId, useState } from 'react';
import {
  ACCOUNT_TEXTS,
  API_MESSAGES,
  API_PATHS,
  ConfirmationRequestSchema,
  PATHS,
  SPEC_MESSAGES,
} from '@agency/shared';
import { TextField } from '@/components/forms/fields';
import { parseOrShowErrors, useForm } from '@/components/forms/use-form';
import { Link } from '@/components/ui/link';
import { ApiError } from '@/lib/api-client';
import { requestConfirmationLink } from '../api/request-confirmation-link';
import { StatusMessage } from './status-message';
import './auth.css';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/**
 * /new-confirmation-link (issue 17): the address, then the server's answer, which is the same whether or not the
 * address has an account waiting for confirmation. Without JavaScript the form posts to the API, which redirects to
 * /new-confirmation-link/sent.
 */
export function NewConfirmationLinkForm() {
  const ids = useId();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const form = useForm({
    initialValues: { email: '' },
    onSubmit: (values, context) => {
      const input = parseOrShowErrors(ConfirmationRequestSchema.safeParse(values), context);
      if (!input) return;
      setOutcome(null);
      return requestConfirmationLink(input).then(
        (result) => {
          form.reset();
          setOutcome({ tone: 'success', message: result.message || API_MESSAGES.CONFIRMATION_REQUESTED });
        },
        (error: unknown) => {
          const refused = error instanceof ApiError && error.kind === 'rejected';
          if (!refused) console.error('Confirmation link request failed', error);
          if (refused && error.fieldErrors.email) return context.showFieldErrors({ email: error.fieldErrors.email });
          setOutcome({
            tone: 'error',
            message: refused ? error.message || SPEC_MESSAGES.OPERATION_FAILED : SPEC_MESSAGES.AUTH_NETWORK_ERROR,
          });
        },
      );
    },
  });

  return (
    <section className="auth-card" aria-labelledby={`${ids}-title`}>
      <h1 className="auth-card__title" id={`${ids}-title`}>
        {ACCOUNT_TEXTS.NEW_LINK_TITLE}
      </h1>
      <p className="auth-card__lead">{ACCOUNT_TEXTS.NEW_LINK_LEAD}</p>
      <form
        className="form"
        method="post"
        action={API_PATHS.RESEND_CONFIRMATION}
        {...form.formProps}
        aria-labelledby={`${ids}-title`}
      >
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          markRequired={false}
          {...form.fieldProps('email')}
        />
        <div role="status" className="auth-card__status">
          {outcome && <StatusMessage tone={outcome.tone}>{outcome.message}</StatusMessage>}
        </div>
        <button className="btn btn--primary auth-card__submit" type="submit" disabled={form.sending}>
          {form.sending ? 'Please wait…' : ACCOUNT_TEXTS.NEW_LINK_SUBMIT}
        </button>
      </form>
      <p className="auth-card__switches">
        <Link to={PATHS.auth}>Go to the login page</Link>
      </p>
    </section>
  );
}
