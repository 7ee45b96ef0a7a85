import { ACCOUNT_TEXTS, API_MESSAGES, PATHS } from '@agency/shared';
import { Link } from '@/components/ui/link';
import './auth.css';

/**
 * /awaiting-approval (issue 17): where a confirmed account that is not staff yet lands after signing in, instead of
 * an alert that vanishes. A plain page, so it reads the same with or without JavaScript.
 */
export function AwaitingApproval() {
  return (
    <section className="auth-card" aria-labelledby="awaiting-approval-title">
      <h1 className="auth-card__title" id="awaiting-approval-title">
        {ACCOUNT_TEXTS.AWAITING_TITLE}
      </h1>
      <p className="alert auth-card__notice">{API_MESSAGES.LOGIN_AWAITING_APPROVAL}</p>
      <h2 className="auth-card__subtitle">What happens next</h2>
      <ol className="auth-card__steps">
        {ACCOUNT_TEXTS.AWAITING_NEXT.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="auth-card__switches">
        <Link to={PATHS.auth}>Go to the login page</Link>
      </p>
    </section>
  );
}
