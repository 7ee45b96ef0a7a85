import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { API_MESSAGES, SPEC_MESSAGES, STAFF_MESSAGES, TIMINGS, isStrongPassword } from '@agency/shared';
import { updatePassword } from '../api/update-password';
import { StatusMessage } from './status-message';
import './auth.css';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/** /reset-password?token= (spec 2/5/8): a new password twice, then /auth after 2 s. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const ids = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [submitting, setSubmitting] = useState(false);

  const updated = outcome?.tone === 'success';
  useEffect(() => {
    if (!updated) return;
    const redirect = setTimeout(() => navigate('/auth', { replace: true }), TIMINGS.PASSWORD_RESET_REDIRECT_MS);
    return () => clearTimeout(redirect);
  }, [updated, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || updated) return;
    if (!token) return setOutcome({ tone: 'error', message: STAFF_MESSAGES.RESET_TOKEN_MISSING });
    if (!isStrongPassword(password)) return setOutcome({ tone: 'error', message: SPEC_MESSAGES.PASSWORD_RULE });
    if (password !== confirmation) return setOutcome({ tone: 'error', message: SPEC_MESSAGES.PASSWORDS_DO_NOT_MATCH });
    setSubmitting(true);
    try {
      const result = await updatePassword({ token, password });
      setOutcome(
        result.success
          ? { tone: 'success', message: result.message || API_MESSAGES.PASSWORD_UPDATED }
          : { tone: 'error', message: result.message || SPEC_MESSAGES.OPERATION_FAILED },
      );
    } catch (error) {
      console.error('Password update failed', error);
      setOutcome({ tone: 'error', message: SPEC_MESSAGES.PASSWORD_UPDATE_NETWORK_ERROR });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby={`${ids}-title`}>
      <h1 className="auth-card__title" id={`${ids}-title`}>
        Set a new password
      </h1>
      <form className="form" method="post" noValidate onSubmit={handleSubmit} aria-labelledby={`${ids}-title`}>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-password`}>
            New password
          </label>
          <input
            id={`${ids}-password`}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={`${ids}-hint`}
          />
          <p className="field__hint" id={`${ids}-hint`}>
            At least 8 characters, with an uppercase and a lowercase letter, a number and a special character.
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-confirm`}>
            Confirm password
          </label>
          <input
            id={`${ids}-confirm`}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </div>
        <div role="status" className="auth-card__status">
          {outcome && <StatusMessage tone={outcome.tone}>{outcome.message}</StatusMessage>}
        </div>
        <button className="btn btn--primary auth-card__submit" type="submit" disabled={submitting || updated}>
          {submitting ? 'Please wait…' : 'Update password'}
        </button>
      </form>
    </section>
  );
}
