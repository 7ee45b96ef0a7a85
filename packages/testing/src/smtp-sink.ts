import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it: postal-mime's parse plus who it went to and the links it carries. */
export interface SinkMail extends Email {
  /** Every recipient, lower-cased: the SMTP envelope plus the To and Cc headers. */
  recipients: string[];
  /** Every http(s) link of the mail, from the HTML hrefs and the plain text, without duplicates. */
  links: string[];
}

/** A real SMTP server on loopback that keeps every mail it receives, parsed, oldest first. */
export interface SmtpSink {
  /** smtp://127.0.0.1:PORT, for the app's SMTP_URL. */
  url: string;
  port: number;
  mails: SinkMail[];
  /** The first mail (received or still to come) that matches, left in `mails`. */
  waitForMail(predicate: (mail: SinkMail) => boolean, timeoutMs?: number): Promise<SinkMail>;
  /** The oldest mail to `recipient` not taken before, waiting for it to arrive: each mail is taken once. */
  takeMail(recipient: string, timeoutMs?: number): Promise<SinkMail>;
  close(): Promise<void>;
}

const LINK_IN_TEXT = /https?:\/\/[^\s"'<>)\]]+/g;
const HREF = /href\s*=\s*["']([^"']+)["']/gi;

function decodeHtmlEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&#x3D;/gi, '=')
    .replace(/&#61;/g, '=')
    .replace(/&quot;/g, '"');
}

export function extractLinks(html: string, text: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(HREF)) {
    const href = decodeHtmlEntities(match[1] ?? '');
    if (/^https?:\/\//i.test(href)) links.add(href);
  }
  for (const match of text.matchAll(LINK_IN_TEXT)) links.add(match[0].replace(/[.,;:!?]+$/, ''));
  return [...links];
}

/** The token of the `route?token=...` link in a mail's plain-text body. */
export function tokenFromMail(mail: Email, route: string): string {
  const match = new RegExp(`${route}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no ${route} link in the mail`);
  return match[1];
}

export interface SmtpSinkOptions {
  /** Listen on this port (a test that starts the mail server late, where the app already points). */
  port?: number;
  /** Recipients refused for good, with 550, as a real server refuses an unknown mailbox. */
  refuse?: string[];
  /** Recipients put off with 451 (try again later), as a busy or greylisting server does. */
  defer?: string[];
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const refused = new Set((options.refuse ?? []).map((address) => address.toLowerCase()));
  const deferred = new Set((options.defer ?? []).map((address) => address.toLowerCase()));
  const mails: SinkMail[] = [];
  const taken = new WeakSet<SinkMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      if (refused.has(recipient)) {
        return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      }
      if (deferred.has(recipient)) {
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address);
            const headerTo = [...(email.to ?? []), ...(email.cc ?? [])].flatMap((address) =>
              'address' in address && address.address ? [address.address] : [],
            );
            mails.push({
              ...email,
              recipients: [...new Set([...envelopeTo, ...headerTo].map((address) => address.toLowerCase()))],
              links: extractLinks(email.html ?? '', email.text ?? ''),
            });
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // Once listening, an error belongs to one client's connection (a sender killed mid-mail resets it): a real mail
  // server drops that session and serves on, and so does the sink, instead of throwing in the test process.
  server.on('error', () => undefined);
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('The SMTP sink did not get a port.');

  /** Resolves with what `find` returns as soon as it returns a mail; `find` runs on every arrival. */
  function waitFor(find: () => SinkMail | undefined, timeoutMs: number, what: string): Promise<SinkMail> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No ${what} arrived within ${timeoutMs} ms.`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    mails,
    waitForMail: (predicate, timeoutMs = 5_000) => waitFor(() => mails.find(predicate), timeoutMs, 'matching mail'),
    takeMail(recipient, timeoutMs = 20_000) {
      const wanted = recipient.toLowerCase();
      return waitFor(
        () => {
          const mail = mails.find((candidate) => !taken.has(candidate) && candidate.recipients.includes(wanted));
          // Taken inside the check, so two callers waiting for the same address never get the same mail.
          if (mail) taken.add(mail);
          return mail;
        },
        timeoutMs,
        `mail to ${recipient}`,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
