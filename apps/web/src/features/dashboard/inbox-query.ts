import {
  ALL_KINDS,
  DEFAULT_MESSAGE_KIND,
  ENQUIRY_STATUSES,
  INBOX_FOLDERS,
  INBOX_VIEWS,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  PATHS,
  statusesOf,
  type EnquiryStatus,
  type InboxFolder,
  type MessageKind,
} from '@agency/shared';

/** A tab: one kind's enquiries, or every kind's (`all`, issue 19). */
export type ListKind = (typeof INBOX_VIEWS)[number];

export const listLabelOf = (kind: ListKind): string => (kind === ALL_KINDS ? 'All' : MESSAGE_KIND_LABELS[kind]);

/** The statuses a tab's filter offers: its kind's, or every status in the "All" tab. */
export const statusesOfList = (kind: ListKind): readonly EnquiryStatus[] =>
  kind === ALL_KINDS ? ENQUIRY_STATUSES : statusesOf(kind);

/**
 * Everything a staff member is looking at lives in the address's query string, so Back, a reload and a shared link
 * show the same view: the tab (`kind`), the folder, the filters, the page (`after`/`before` cursors) and the open
 * enquiry (`enquiry`). The detail stays on /dashboard rather than a path of its own because the server serves only
 * the prerendered paths; a query string needs nothing new from it.
 */
export interface InboxView {
  kind: ListKind;
  /** The open enquiry's own kind when the tab holds every kind (`of`); null otherwise. */
  of: MessageKind | null;
  folder: InboxFolder;
  q: string;
  status: EnquiryStatus | '';
  /** '' anyone, `me`, `none` or a staff id. */
  assignee: string;
  from: string;
  to: string;
  after: string;
  before: string;
  /** The open enquiry's id, or null for the list. */
  enquiry: number | null;
}

/** The filters a list request and the export carry (never the tab or the open enquiry). */
export type ListQuery = Partial<
  Record<'folder' | 'q' | 'status' | 'assignee' | 'from' | 'to' | 'after' | 'before', string>
>;

const FILTER_KEYS = ['q', 'status', 'assignee', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

export function viewOf(params: URLSearchParams): InboxView {
  const enquiry = Number(params.get('enquiry'));
  return {
    kind: oneOf<ListKind>(INBOX_VIEWS, params.get('kind'), DEFAULT_MESSAGE_KIND),
    of: MESSAGE_KINDS.find((kind) => kind === params.get('of')) ?? null,
    folder: oneOf(INBOX_FOLDERS, params.get('folder'), 'inbox'),
    q: params.get('q') ?? '',
    status: oneOf<EnquiryStatus | ''>(ENQUIRY_STATUSES, params.get('status'), ''),
    assignee: params.get('assignee') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    after: params.get('after') ?? '',
    before: params.get('before') ?? '',
    enquiry: Number.isInteger(enquiry) && enquiry > 0 ? enquiry : null,
  };
}

/** The query string of a view: defaults left out, so the plain /dashboard is the Web Development inbox. */
export function searchOf(view: InboxView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.kind !== DEFAULT_MESSAGE_KIND) params.set('kind', view.kind);
  for (const [key, value] of Object.entries(listQueryOf(view, { cursor: true }))) {
    if (key !== 'folder' || value !== 'inbox') params.set(key, value);
  }
  if (view.enquiry !== null) params.set('enquiry', String(view.enquiry));
  if (view.enquiry !== null && view.kind === ALL_KINDS && view.of !== null) params.set('of', view.of);
  return params;
}

/** The kind of the open enquiry: the tab's, or in the "All" tab the one its address names (null: none named). */
export const enquiryKindOf = (view: InboxView): MessageKind | null => (view.kind === ALL_KINDS ? view.of : view.kind);

/** One row of a list opened: in the "All" tab its address names its kind too. */
export const withEnquiry = (view: InboxView, row: { id: number; kind: MessageKind }): InboxView => ({
  ...view,
  enquiry: row.id,
  of: view.kind === ALL_KINDS ? row.kind : null,
});

/** The dashboard's address showing a view: links, Back to the list, the pager. */
export function hrefOf(view: InboxView): string {
  const search = searchOf(view).toString();
  return search ? `${PATHS.dashboard}?${search}` : PATHS.dashboard;
}

/** The list request's filters; without the cursor for the export and for counting. */
export function listQueryOf(view: InboxView, { cursor }: { cursor: boolean }): ListQuery {
  const query: ListQuery = { folder: view.folder };
  for (const key of FILTER_KEYS) if (view[key]) query[key] = view[key];
  if (cursor && view.after) query.after = view.after;
  if (cursor && view.before) query.before = view.before;
  return query;
}

/** A filter changed: the page starts again from the newest. */
export const withFilter = (view: InboxView, change: Partial<Pick<InboxView, FilterKey | 'folder'>>): InboxView => ({
  ...view,
  ...change,
  after: '',
  before: '',
  enquiry: null,
  of: null,
});

/**
 * Another tab: its list from the newest, with the same folder, search and filters (issue 17: a search survives a tab
 * switch), but a status the kind does not have (won and enrolled differ between leads and trainings) left out.
 */
export const withKind = (view: InboxView, kind: ListKind): InboxView => ({
  ...withFilter(view, {}),
  kind,
  status: view.status !== '' && statusesOfList(kind).includes(view.status) ? view.status : '',
});

export const hasFilters = (view: InboxView) => FILTER_KEYS.some((key) => view[key] !== '');
