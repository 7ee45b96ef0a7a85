import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_TEXTS, API_MESSAGES, PATHS, SPEC_MESSAGES, TIMINGS } from '@agency/shared';
import { Link } from '@/components/ui/link';
import { ApiError } from '@/lib/api-client';
import { confirmEmailOnce } from '../api/confirm-email';
import { StatusMessage } from './status-message';
import './auth.css';

type Confirmation =
  { status: 'pending' } | { status: 'success'; message: string } | { status: 'error'; message: string };

/**
 * /confirm-email?token= (spec 2/4/8): pending, then success (and /auth after 3 s) or error.
 * The token is only looked at in the effect, so the prerendered page and the first client render
 * agree: both show "Validating your email…".
 */
export function ConfirmEmailStatus({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState<Confirmation>({ status: 'pending' });

  useEffect(() => {
    let current = true;
    const confirmation = token ? confirmEmailOnce(token) : Promise.resolve(null);
    confirmation.then(
      (message) => {
        if (!current) return;
        setConfirmation(
          message === null
            ? { status: 'error', message: SPEC_MESSAGES.CONFIRM_TOKEN_MISSING }
            : { status: 'success', message: message || API_MESSAGES.EMAIL_CONFIRMED },
        );
      },
      (error: unknown) => {
        const refused = error instanceof ApiError && error.kind === 'rejected';
        if (!refused) console.error('E-mail confirmation failed', error);
        if (!current) return;
        setConfirmation({
          status: 'error',
          message: refused ? error.message || API_MESSAGES.TOKEN_INVALID : SPEC_MESSAGES.CONFIRM_NETWORK_ERROR,
        });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  const succeeded = confirmation.status === 'success';
  useEffect(() => {
    if (!succeeded) return;
    const redirect = setTimeout(() => navigate(PATHS.auth, { replace: true }), TIMINGS.CONFIRM_EMAIL_REDIRECT_MS);
    return () => clearTimeout(redirect);
  }, [succeeded, navigate]);

  return (
    <section className="auth-card" aria-labelledby="confirm-email-title">
      <h1 className="auth-card__title" id="confirm-email-title">
        E-mail confirmation
      </h1>
      <div role="status">
        {confirmation.status === 'pending' && (
          <StatusMessage tone="info">{SPEC_MESSAGES.CONFIRM_VALIDATING}</StatusMessage>
        )}
        {confirmation.status === 'success' && (
          <>
            <StatusMessage tone="success">{confirmation.message}</StatusMessage>
            <p className="auth-card__lead">{SPEC_MESSAGES.CONFIRM_REDIRECTING}</p>
          </>
        )}
        {confirmation.status === 'error' && <StatusMessage tone="error">{confirmation.message}</StatusMessage>}
      </div>
      {confirmation.status === 'error' && (
        <p className="auth-card__switches">
          <Link to={PATHS.newConfirmationLink}>{ACCOUNT_TEXTS.NEW_LINK_ACTION}</Link>
          <Link to={PATHS.auth}>Go to the login page</Link>
        </p>
      )}
      {confirmation.status === 'success' && (
        <p className="auth-card__switches">
          <Link to={PATHS.auth}>Go to the login page</Link>
        </p>
      )}
    </section>
  );
}
