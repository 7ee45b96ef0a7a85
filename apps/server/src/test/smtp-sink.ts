import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every mail it receives, parsed. */
export interface SmtpSink {
  url: string;
  mails: Email[];
  waitForMail(predicate: (mail: Email) => boolean, timeoutMs?: number): Promise<Email>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: Email[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (mail) => {
            mails.push(mail);
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(predicate);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no matching mail arrived in time'));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the link in a mail's plain-text body. */
export function tokenFromMail(mail: Email, route: '/confirm-email' | '/reset-password'): string {
  const match = new RegExp(`${route}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no ${route} link in the mail`);
  return match[1];
}
