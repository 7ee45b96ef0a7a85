import { PATHS } from '@agency/shared';
import { StaffAccounts } from '@/features/owner';
import { OwnerScreen } from '../owner-screen';

/** /dashboard/staff (owners): who waits for approval, who is staff, and the former accounts (issue 12). */
export default function StaffAccountsPage() {
  return (
    <OwnerScreen current={PATHS.staffAccounts} title="Staff">
      {(props) => <StaffAccounts {...props} />}
    </OwnerScreen>
  );
}
