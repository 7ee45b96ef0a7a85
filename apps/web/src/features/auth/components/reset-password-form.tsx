import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  API_MESSAGES,
  NewPasswordFormSchema,
  PATHS,
  RESET_LINK_TEXTS,
  ResetRequestSchema,
  SPEC_MESSAGES,
  STAFF_MESSAGES,
  TIMINGS,
  fieldErrorsOf,
  type ResetLinkState,
} from '@agency/shared';
import { TextField } from '@/components/forms/fields';
import { useForm } from '@/components/forms/use-form';
import { ApiError } from '@/lib/api-client';
import { checkResetLink } from '../api/check-reset-link';
import { requestPasswordReset } from '../api/request-password-reset';
import { updatePassword } from '../api/update-password';
import { StatusMessage } from './status-message';
import './auth.css';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

const PASSWORD_HINT =
  'At least 8 characters, with an uppercase and a lowercase letter, a number and a special character.';

/** What the page says when the server refuses: a field's message first (the rule reaches the person), then its own. */
function refusalOf(error: unknown): string {
  if (!(error instanceof ApiError) || error.kind !== 'rejected') return SPEC_MESSAGES.PASSWORD_UPDATE_NETWORK_ERROR;
  return error.fieldErrors.password || error.message || SPEC_MESSAGES.OPERATION_FAILED;
}

type SpentLink = Extract<ResetLinkState, 'used' | 'expired'>;

/** The link a refusal names: the server says "already used" or "expired" in the words of RESET_LINK_TEXTS. */
const spentLinkOf = (error: unknown): SpentLink | undefined =>
  error instanceof ApiError && error.kind === 'rejected'
    ? (['used', 'expired'] as const).find((state) => error.message === RESET_LINK_TEXTS[state])
    : undefined;

/**
 * /reset-password?token= (spec 2/5/8): the link is asked about at once; a used or expired one says so and offers a
 * new one instead of the form (docs/decisions/0047). Otherwise a new password twice, then /auth after 2 s. Every
 * message, the rule's and "Passwords do not match." included, shows in the one status line with the spec's cross
 * mark.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  // The form first, as the page is prerendered (without the token) and hydrated: a password typed before the
  // script ran is kept and sent (useForm), and the link's answer replaces the form within a moment when it is spent.
  const [link, setLink] = useState<ResetLinkState>('usable');

  useEffect(() => {
    if (!token) return;
    const asking = new AbortController();
    checkResetLink(token, asking.signal).then(setLink, (error: unknown) => {
      if (asking.signal.aborted) return;
      // The form stays: its submit meets the same refusal, in the same words.
      console.warn('Checking the reset link failed', error);
    });
    return () => asking.abort();
  }, [token]);

  if (link === 'used' || link === 'expired') return <SpentResetLink state={link} />;
  return <NewPasswordForm token={token} onSpentLink={setLink} />;
}

/** A used or expired link: what became of it, and a new one mailed to the address given. */
function SpentResetLink({ state }: { state: SpentLink }) {
  const ids = useId();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sent = outcome?.tone === 'success';
  const form = useForm({
    initialValues: { email: '' },
    onSubmit: (values) => {
      if (sent) return;
      const parsed = ResetRequestSchema.safeParse(values);
      if (!parsed.success) {
        return setOutcome({
          tone: 'error',
          message: fieldErrorsOf(parsed.error).email ?? SPEC_MESSAGES.OPERATION_FAILED,
        });
      }
      return requestPasswordReset(parsed.data).then(
        (result) => setOutcome({ tone: 'success', message: result.message || API_MESSAGES.RESET_REQUESTED }),
        (error: unknown) => {
          if (!(error instanceof ApiError) || error.kind !== 'rejected') console.error('Reset request failed', error);
          setOutcome({ tone: 'error', message: refusalOf(error) });
        },
      );
    },
  });

  return (
    <section className="auth-card" aria-labelledby={`${ids}-title`}>
      <h1 className="auth-card__title" id={`${ids}-title`}>
        {RESET_LINK_TEXTS[state]}
      </h1>
      <p className="auth-card__lead">{RESET_LINK_TEXTS.offer}</p>
      <form className="form" method="post" {...form.formProps} aria-labelledby={`${ids}-title`}>
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          markRequired={false}
          {...form.fieldProps('email')}
        />
        <div role="status" className="auth-card__status">
          {outcome && <StatusMessage tone={outcome.tone}>{outcome.message}</StatusMessage>}
        </div>
        <button className="btn btn--primary auth-card__submit" type="submit" disabled={form.sending || sent}>
          {form.sending ? 'Please wait…' : RESET_LINK_TEXTS.send}
        </button>
      </form>
    </section>
  );
}

function NewPasswordForm({ token, onSpentLink }: { token: string | null; onSpentLink: (state: SpentLink) => void }) {
  const navigate = useNavigate();
  const ids = useId();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const updated = outcome?.tone === 'success';
  useEffect(() => {
    if (!updated) return;
    const redirect = setTimeout(() => navigate(PATHS.auth, { replace: true }), TIMINGS.PASSWORD_RESET_REDIRECT_MS);
    return () => clearTimeout(redirect);
  }, [updated, navigate]);

  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    onSubmit: (values) => {
      if (updated) return;
      if (!token) return setOutcome({ tone: 'error', message: STAFF_MESSAGES.RESET_TOKEN_MISSING });
      const parsed = NewPasswordFormSchema.safeParse(values);
      if (!parsed.success) {
        const errors = fieldErrorsOf(parsed.error);
        const message = errors.password ?? errors.confirmPassword ?? SPEC_MESSAGES.OPERATION_FAILED;
        return setOutcome({ tone: 'error', message });
      }
      return updatePassword({ token, password: parsed.data.password }).then(
        (result) => setOutcome({ tone: 'success', message: result.message || API_MESSAGES.PASSWORD_UPDATED }),
        (error: unknown) => {
          const spent = spentLinkOf(error);
          if (spent) return onSpentLink(spent);
          if (!(error instanceof ApiError) || error.kind !== 'rejected') console.error('Password update failed', error);
          setOutcome({ tone: 'error', message: refusalOf(error) });
        },
      );
    },
  });

  return (
    <section className="auth-card" aria-labelledby={`${ids}-title`}>
      <h1 className="auth-card__title" id={`${ids}-title`}>
        Set a new password
      </h1>
      <form className="form" method="post" {...form.formProps} aria-labelledby={`${ids}-title`}>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          markRequired={false}
          hint={PASSWORD_HINT}
          hintPlacement="below"
          {...form.fieldProps('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          markRequired={false}
          {...form.fieldProps('confirmPassword')}
        />
        <div role="status" className="auth-card__status">
          {outcome && <StatusMessage tone={outcome.tone}>{outcome.message}</StatusMessage>}
        </div>
        <button className="btn btn--primary auth-card__submit" type="submit" disabled={form.sending || updated}>
          {form.sending ? 'Please wait…' : 'Update password'}
        </button>
      </form>
    </section>
  );
}
