import { useFailedMails } from '../api/list-failed-mails';
import { formatLagosDate } from '@/lib/format-date';

/**
 * Tells the staff when mails could not be delivered after every try (a notification, a confirmation), so they can
 * follow up by hand. Shows nothing while there are none, or when the list cannot be read.
 */
export function FailedMailsNotice() {
  // The notice is secondary: one that could not load shows nothing, and the messages below matter more.
  const mails = useFailedMails().data ?? [];
  if (mails.length === 0) return null;
  return (
    <details className="dashboard__mail-notice">
      <summary>{mails.length === 1 ? '1 e-mail' : `${mails.length} e-mails`} could not be delivered</summary>
      <ul>
        {mails.map((mail) => (
          <li key={mail.id}>
            <strong>{mail.subject}</strong> to {mail.recipient}, {formatLagosDate(mail.created_at)}
            {mail.last_error ? ` (${mail.last_error})` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}
