import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface ReceivedMail {
  /** Every recipient, lower-cased: the SMTP envelope plus the To/Cc headers. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the mail, from the HTML hrefs and the plain text, without duplicates. */
  links: string[];
}

export interface MailSink {
  port: number;
  /** Resolves with the oldest not yet taken mail to `to`, waiting for it to arrive; each mail is taken once. */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
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

/** A real SMTP server on loopback that keeps every mail the app sends, parsed. */
export async function startMailSink(): Promise<MailSink> {
  const inbox: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address);
            const headerTo = [...(email.to ?? []), ...(email.cc ?? [])].flatMap((address) =>
              'address' in address && address.address ? [address.address] : [],
            );
            const html = email.html ?? '';
            const text = email.text ?? '';
            inbox.push({
              to: [...new Set([...envelopeTo, ...headerTo].map((address) => address.toLowerCase()))],
              subject: email.subject ?? '',
              text,
              html,
              links: extractLinks(html, text),
            });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('The mail sink did not get a port.');

  function takeMail(to: string): ReceivedMail | undefined {
    const wanted = to.toLowerCase();
    const index = inbox.findIndex((mail) => mail.to.includes(wanted));
    return index === -1 ? undefined : inbox.splice(index, 1)[0];
  }

  return {
    port: address.port,
    waitForMail(to, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const found = takeMail(to);
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to} arrived within ${timeoutMs} ms.`));
        }, timeoutMs);
        function check() {
          const mail = takeMail(to);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        }
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
