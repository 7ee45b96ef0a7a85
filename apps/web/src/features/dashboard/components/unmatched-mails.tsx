import { useId, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { UNMATCHED_MAIL_PATHS } from '@agency/shared';
import { request, type ResponseSchema } from '@/lib/api-client';
import { formatLagosDate } from '@/lib/format-date';

/** A received mail no rule matched (issue 20), as GET /api/unmatched-mails lists it. */
interface UnmatchedMail {
  id: number;
  fromAddress: string;
  fromName: string | null;
  subject: string;
  preview: string;
  automated: 'auto-reply' | 'bounce' | null;
  receivedAt: string;
  attachments: number;
}

interface UnmatchedPage {
  mails: UnmatchedMail[];
  total: number;
  /** The id to ask `before` for the next page down; null on the last page. */
  next: number | null;
}

const pageSchema: ResponseSchema<UnmatchedPage> = {
  parse(answer) {
    const page = answer as Partial<UnmatchedPage> | null;
    if (!page || !Array.isArray(page.mails) || typeof page.total !== 'number') {
      throw new TypeError('The answer has no mails list');
    }
    return { mails: page.mails, total: page.total, next: typeof page.next === 'number' ? page.next : null };
  },
};

const filedSchema: ResponseSchema<{ reference: string }> = {
  parse(answer) {
    const reference = (answer as { reference?: unknown } | null)?.reference;
    if (typeof reference !== 'string') throw new TypeError('The answer has no reference');
    return { reference };
  },
};

const UNMATCHED_KEY = ['unmatched-mails'] as const;

/**
 * The received mails that matched no enquiry (issue 20): each can be filed with an enquiry by its reference or made
 * a new contact enquiry. Shows nothing while there are none, or when the list cannot be read.
 */
export function UnmatchedMails() {
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const pages = useInfiniteQuery({
    queryKey: UNMATCHED_KEY,
    queryFn: ({ pageParam, signal }) =>
      request(pageParam === null ? UNMATCHED_MAIL_PATHS.LIST : `${UNMATCHED_MAIL_PATHS.LIST}?before=${pageParam}`, {
        signal,
        schema: pageSchema,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });
  const done = (text: string) => {
    setStatus(text);
    void client.invalidateQueries({ queryKey: UNMATCHED_KEY });
  };
  const attach = useMutation({
    mutationFn: ({ id, reference }: { id: number; reference: string }) =>
      request(UNMATCHED_MAIL_PATHS.attach(id), { method: 'POST', body: { reference }, schema: filedSchema }),
    onSuccess: ({ reference }) => done(`Filed with ${reference}.`),
    onError: (error: unknown) => setStatus(error instanceof Error ? error.message : String(error)),
  });
  const convert = useMutation({
    mutationFn: (id: number) => request(UNMATCHED_MAIL_PATHS.convert(id), { method: 'POST', schema: filedSchema }),
    onSuccess: ({ reference }) => done(`Made the new enquiry ${reference}.`),
    onError: (error: unknown) => setStatus(error instanceof Error ? error.message : String(error)),
  });
  const mails = pages.data?.pages.flatMap((page) => page.mails) ?? [];
  if (mails.length === 0 && !status) return null;
  const total = pages.data?.pages[0]?.total ?? 0;
  return (
    <details className="dashboard__mail-notice">
      <summary>{total === 1 ? '1 received e-mail' : `${total} received e-mails`} matched no enquiry</summary>
      <p role="status">{status}</p>
      <ul>
        {mails.map((mail) => (
          <UnmatchedRow
            key={mail.id}
            mail={mail}
            busy={attach.isPending || convert.isPending}
            onAttach={(reference) => attach.mutate({ id: mail.id, reference })}
            onConvert={() => convert.mutate(mail.id)}
          />
        ))}
      </ul>
      {pages.hasNextPage ? (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          Show older ({total - mails.length} more)
        </button>
      ) : null}
    </details>
  );
}

function UnmatchedRow(props: {
  mail: UnmatchedMail;
  busy: boolean;
  onAttach: (reference: string) => void;
  onConvert: () => void;
}) {
  const { mail, busy } = props;
  const [reference, setReference] = useState('');
  const inputId = useId();
  return (
    <li>
      <strong>{mail.subject || '(no subject)'}</strong> from {mail.fromName ? `${mail.fromName} ` : ''}
      &lt;{mail.fromAddress}&gt;, {formatLagosDate(mail.receivedAt)}
      {mail.automated ? ` (${mail.automated === 'bounce' ? 'bounce' : 'automatic reply'})` : ''}
      {mail.attachments > 0 ? `, ${mail.attachments} attachment${mail.attachments === 1 ? '' : 's'}` : ''}
      <p>{mail.preview}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (reference.trim()) props.onAttach(reference.trim());
        }}
      >
        <label htmlFor={inputId}>Enquiry reference</label>{' '}
        <input
          id={inputId}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          placeholder="RD-26-00012"
          autoComplete="off"
        />{' '}
        <button type="submit" className="btn btn--secondary" disabled={busy || !reference.trim()}>
          File with this enquiry
        </button>{' '}
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={props.onConvert}>
          Make it a new enquiry
        </button>
      </form>
    </li>
  );
}
