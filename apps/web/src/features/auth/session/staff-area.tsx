import type { ReactNode } from 'react';
import { StaffQueryProvider } from '@/lib/staff-query';
import { useStaffSession, type StaffSession } from './use-staff-session';

/**
 * Every screen of the staff area (the inbox and the owners' pages) sits in one: the session and its ends
 * (useStaffSession), and the data client whose requests notice a session the server no longer accepts
 * (lib/staff-query.tsx), which leaves for /auth as the five idle minutes do.
 */
export function StaffArea({ children }: { children: (session: StaffSession) => ReactNode }) {
  const session = useStaffSession();
  return <StaffQueryProvider onSessionEnded={() => session.leave('refused')}>{children(session)}</StaffQueryProvider>;
}
