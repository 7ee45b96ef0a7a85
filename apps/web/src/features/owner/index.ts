/** The owners' pages (issue 12): staff accounts, the audit log and data requests, and the staff area's links. */
export { useOwnerCheck, type OwnerCheck } from './hooks/use-owner-check';
export { OwnerNav, type StaffAreaPath } from './components/owner-nav';
export { OwnerPage, OwnerPageFailed, OwnersOnly } from './components/owner-page';
export { StaffAccounts } from './components/staff-accounts';
export { AuditLog } from './components/audit-log';
export { DataRequests } from './components/data-requests';
export { BusinessHours } from './components/business-hours';
export { ResponseTargets } from './components/response-targets';
export { SavedReplies } from './components/saved-replies';
export type { OwnerScreenProps } from './owner-page-props';
