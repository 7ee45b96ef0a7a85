import { useLocation } from 'react-router-dom';
import { ConfirmEmailStatus, StaffPageFrame } from '@/features/auth';

/** /confirm-email?token=: the link of the confirmation mail. */
export default function ConfirmEmailPage() {
  // The platform's URLSearchParams reads the one value; useSearchParams would add its setter to every page's bundle.
  const token = new URLSearchParams(useLocation().search).get('token');
  return (
    <StaffPageFrame>
      <ConfirmEmailStatus token={token} />
    </StaffPageFrame>
  );
}
