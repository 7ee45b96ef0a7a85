import { useSearchParams } from 'react-router-dom';
import { ConfirmEmailStatus, StaffPageFrame } from '@/features/auth';

/** /confirm-email?token=: the link of the confirmation mail. */
export default function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  return (
    <StaffPageFrame>
      <ConfirmEmailStatus token={searchParams.get('token')} />
    </StaffPageFrame>
  );
}
