import { ACCOUNT_TEXTS, API_MESSAGES, PATHS } from '@agency/shared';
import { Link } from '@/components/ui/link';
import { StatusMessage } from './status-message';
import './auth.css';

/**
 * /new-confirmation-link/sent (issue 17): where a browser without JavaScript lands after asking for a new link. It
 * says what the server says to every address, so it reveals nothing about the one typed.
 */
export function NewConfirmationLinkSent() {
  return (
    <section className="auth-card" aria-labelledby="new-link-sent-title">
      <h1 className="auth-card__title" id="new-link-sent-title">
        {ACCOUNT_TEXTS.NEW_LINK_SENT_TITLE}
      </h1>
      <StatusMessage tone="success">{API_MESSAGES.CONFIRMATION_REQUESTED}</StatusMessage>
      <p className="auth-card__switches">
        <Link to={PATHS.auth}>Go to the login page</Link>
        <Link to={PATHS.newConfirmationLink}>{ACCOUNT_TEXTS.NEW_LINK_ACTION}</Link>
      </p>
    </section>
  );
}
