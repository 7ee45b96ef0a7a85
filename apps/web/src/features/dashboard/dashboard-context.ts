import { createContext, use } from 'react';
import { FORMER_COLLEAGUE, type StaffMember, type UndoTicket } from '@agency/shared';

export interface DashboardContextValue {
  /**
   * Says what just happened in the status line (read out by screen readers). The line belongs to a view: it leaves
   * when the person moves to another tab, filter or enquiry. A change that moves the view itself names, as
   * `inView` (an hrefOf address), the view its words belong to.
   */
  announce: (text: string, inView?: string) => void;
  /**
   * Announces a change that can be undone, with "Undo" beside its words for a few seconds (docs/decisions/0044);
   * `inView` as for `announce`, when the change moves the view (Delete from an enquiry says it in the list).
   */
  announceUndoable: (text: string, undo: UndoTicket | null, inView?: string) => void;
  /**
   * A change did not go through: it is logged and announced. An ended session is not: the staff area is already
   * on its way to /auth (lib/staff-query.tsx).
   */
  fail: (error: unknown, what: string) => void;
  staff: readonly StaffMember[];
  /** Whose drafts these are (lib/drafts): a half-typed note comes back to the same account only. */
  draftOwner: string;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboard(): DashboardContextValue {
  const value = use(DashboardContext);
  if (!value) throw new Error('useDashboard needs the MessagesDashboard around it');
  return value;
}

/** The name shown for an assignee id: the staff member's username, "Nobody", or a former colleague. */
export function assigneeName(staff: readonly StaffMember[], id: number | null): string {
  if (id === null) return 'Nobody';
  return staff.find((member) => member.id === id)?.username ?? FORMER_COLLEAGUE;
}
