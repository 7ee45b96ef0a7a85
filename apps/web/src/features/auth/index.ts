/** The staff sign-in feature: the session (provider and hook) and the auth screens. */
export { SessionProvider } from './session/session-provider';
export { useSession } from './session/use-session';
export { useStaffSession, type StaffExit, type StaffSession } from './session/use-staff-session';
export { StaffArea } from './session/staff-area';
export { returnPathOf, RETURN_PARAMETER } from './session/return-path';
export type { SessionState, StaffUser } from './session/session-context';
export { avatarUrlOf } from './session/avatar-url';
export { startSessionCheck } from './session/early-session-check';
export { AuthScreen } from './components/auth-screen';
export { ConfirmEmailStatus } from './components/confirm-email-status';
export { ResetPasswordForm } from './components/reset-password-form';
export { NewConfirmationLinkForm } from './components/new-confirmation-link-form';
export { NewConfirmationLinkSent } from './components/new-confirmation-link-sent';
export { AwaitingApproval } from './components/awaiting-approval';
export { StaffCardColumn, StaffPageFrame } from './components/staff-page-frame';
