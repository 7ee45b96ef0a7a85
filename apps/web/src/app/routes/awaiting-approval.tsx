import { AwaitingApproval, StaffCardColumn } from '@/features/auth';

/** /awaiting-approval (issue 17): where an account still waiting for an owner lands after signing in. */
export default function AwaitingApprovalPage() {
  return (
    <StaffCardColumn>
      <AwaitingApproval />
    </StaffCardColumn>
  );
}
