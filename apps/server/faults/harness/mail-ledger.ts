import type { FreshDatabase, SinkMail } from '@agency/testing';

/** An outbox row as the fault tests read it back (docs/decisions/0013). */
export interface OutboxEntry {
  message_id: string;
  purpose: string;
  recipient: string;
  reply_to: string | null;
  /** The enquiry the mail is about (its notification, its auto-reply). */
  enquiry_id: number | null;
  status: string;
  attempts: number;
}

export function readOutbox(database: Pick<FreshDatabase, 'query'>): Promise<OutboxEntry[]> {
  return database.query<OutboxEntry>(
    'select message_id, purpose, recipient, reply_to, enquiry_id, status, attempts from outbox order by id',
  );
}

/** What arrived for the queued mails: each row's Message-ID looked up among the mails the sink received. */
export interface MailTally {
  /** Rows no copy of which arrived. */
  lost: OutboxEntry[];
  /** Copies beyond the first, one entry per extra copy, with the position of each copy in the sink's list. */
  duplicates: Array<{ messageId: string; positions: number[] }>;
  /** Mails that arrived with a Message-ID no row has (sent twice under two ids, or not from the outbox at all). */
  strangers: SinkMail[];
}

export function tallyMails(rows: OutboxEntry[], mails: SinkMail[]): MailTally {
  const positions = new Map<string, number[]>();
  mails.forEach((mail, position) => {
    const id = mail.messageId?.trim() ?? '';
    positions.set(id, [...(positions.get(id) ?? []), position]);
  });
  const queued = new Set(rows.map((row) => row.message_id));
  return {
    lost: rows.filter((row) => !positions.has(row.message_id)),
    duplicates: [...positions]
      .filter(([id, at]) => queued.has(id) && at.length > 1)
      .map(([messageId, at]) => ({ messageId, positions: at })),
    strangers: mails.filter((mail) => !queued.has(mail.messageId?.trim() ?? '')),
  };
}

/** Extra copies in all, whatever mail they belong to. */
export function duplicateCount(tally: MailTally): number {
  return tally.duplicates.reduce((sum, duplicate) => sum + duplicate.positions.length - 1, 0);
}
