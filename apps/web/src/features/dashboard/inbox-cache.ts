import type { QueryClient } from '@tanstack/react-query';
import type {
  EnquiryDetail,
  EnquirySummary,
  HistoryEvent,
  InboxCounts,
  InboxPage,
  InboxView as ListKind,
  MessageKind,
  Note,
} from '@agency/shared';
import type { ListQuery } from './inbox-query';

type Counts = InboxCounts['counts'];

/** How often an open inbox asks what arrived (issue 17): a new enquiry shows within this time. */
export const INBOX_POLL_MS = 25_000;

/**
 * The inbox's query keys. The kind is always a parameter (never a branch), so a view across the kinds is one more
 * key, not another cache.
 */
export const inboxKeys = {
  all: ['inbox'] as const,
  counts: ['inbox', 'counts'] as const,
  staff: ['inbox', 'staff'] as const,
  failedMails: ['inbox', 'failed-mails'] as const,
  lists: ['inbox', 'list'] as const,
  list: (kind: ListKind, query: ListQuery) => ['inbox', 'list', kind, query] as const,
  arrivals: (kind: ListKind, query: ListQuery, since: string | null) =>
    ['inbox', 'arrivals', kind, query, since] as const,
  matches: (query: ListQuery) => ['inbox', 'matches', query] as const,
  enquiries: (kind: MessageKind) => ['inbox', 'enquiry', kind] as const,
  enquiry: (kind: MessageKind, id: number) => ['inbox', 'enquiry', kind, id] as const,
};

/** What an enquiry adds to its kind's counts (FolderCountsSchema): the counts are sums of these. */
function countsOf(enquiry: EnquirySummary) {
  const inInbox = enquiry.folder === 'inbox';
  return {
    new: inInbox && enquiry.status === 'new' ? 1 : 0,
    unread: inInbox && !enquiry.read ? 1 : 0,
    trash: enquiry.folder === 'trash' ? 1 : 0,
    spam: enquiry.folder === 'spam' ? 1 : 0,
  };
}

/** The counts once one enquiry went from `before` to `after`: what it added before is taken off, what it adds now put on. */
export function countsAfter(counts: Counts, kind: MessageKind, before: EnquirySummary, after: EnquirySummary): Counts {
  const current = counts[kind];
  const was = countsOf(before);
  const is = countsOf(after);
  return {
    ...counts,
    [kind]: {
      new: current.new - was.new + is.new,
      unread: current.unread - was.unread + is.unread,
      trash: current.trash - was.trash + is.trash,
      spam: current.spam - was.spam + is.spam,
    },
  };
}

/** The list row of an enquiry as the server answered it. */
const rowOf = (row: EnquirySummary, enquiry: EnquiryDetail): EnquirySummary => ({
  ...row,
  status: enquiry.status,
  assigneeId: enquiry.assigneeId,
  read: enquiry.read,
  folder: enquiry.folder,
  spamReason: enquiry.spamReason,
  trashedAt: enquiry.trashedAt,
});

const listFolderOf = (key: readonly unknown[]) => (key[3] as ListQuery | undefined)?.folder ?? 'inbox';

const isRowOf = (row: EnquirySummary, kind: MessageKind, id: number) => row.kind === kind && row.id === id;

/** The enquiry as the screen last knew it: its open view, or its row in a list. */
function knownEnquiry(client: QueryClient, kind: MessageKind, id: number): EnquirySummary | undefined {
  const open = client.getQueryData<EnquiryDetail>(inboxKeys.enquiry(kind, id));
  if (open) return open;
  for (const [, page] of client.getQueriesData<InboxPage>({ queryKey: inboxKeys.lists })) {
    const row = page?.enquiries.find((candidate) => isRowOf(candidate, kind, id));
    if (row) return row;
  }
  return undefined;
}

/**
 * A change's answer (PATCH, DELETE, restore, not-spam all answer the whole enquiry as the view shows it) put where
 * the screen shows it: the open enquiry, its row in every cached list, its kind's or one across the kinds (a row
 * whose folder it left leaves that list), and the tabs' counts, without asking the server again.
 */
export function applyEnquiry(client: QueryClient, enquiry: EnquiryDetail): void {
  const { kind, id } = enquiry;
  const before = knownEnquiry(client, kind, id);
  client.setQueryData(inboxKeys.enquiry(kind, id), enquiry);
  for (const [key, page] of client.getQueriesData<InboxPage>({ queryKey: inboxKeys.lists })) {
    if (!page?.enquiries.some((row) => isRowOf(row, kind, id))) continue;
    const stays = listFolderOf(key) === enquiry.folder;
    client.setQueryData<InboxPage>(key, {
      ...page,
      enquiries: stays
        ? page.enquiries.map((row) => (isRowOf(row, kind, id) ? rowOf(row, enquiry) : row))
        : page.enquiries.filter((row) => !isRowOf(row, kind, id)),
      total: stays ? page.total : page.total - 1,
    });
  }
  if (before)
    client.setQueryData<Counts>(inboxKeys.counts, (counts) => counts && countsAfter(counts, kind, before, enquiry));
  else void client.invalidateQueries({ queryKey: inboxKeys.counts });
}

/**
 * A note's answer is the note alone: it goes first in the open enquiry's notes, and its line first in the history,
 * as the server wrote it (action `note`, by the note's author at the note's time). The line's id is the note's,
 * negated, so it cannot meet a stored line's; the next load of the enquiry brings the stored one.
 */
export function applyNote(client: QueryClient, kind: MessageKind, id: number, note: Note): void {
  const line: HistoryEvent = {
    id: -note.id,
    action: 'note',
    from: null,
    to: null,
    actorId: note.authorId,
    actorName: note.authorName,
    createdAt: note.createdAt,
  };
  client.setQueryData<EnquiryDetail>(
    inboxKeys.enquiry(kind, id),
    (enquiry) => enquiry && { ...enquiry, notes: [note, ...enquiry.notes], history: [line, ...enquiry.history] },
  );
}
