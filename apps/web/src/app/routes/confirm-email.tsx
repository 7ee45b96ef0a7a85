import { useSearchParams } from 'react-router-dom';
import { ConfirmEmailStatus, StaffCardColumn } from '@/features/auth';

/** /confirm-email?token=: the link of the confirmation mail. */
export default function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  return (
    <StaffCardColumn>
      <ConfirmEmailStatus token={searchParams.get('token')} />
    </StaffCardColumn>
  );
}
