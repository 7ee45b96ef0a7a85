import { useSearchParams } from 'react-router-dom';
import { ResetPasswordForm, StaffCardColumn } from '@/features/auth';

/** /reset-password?token=: the link of the password-reset mail. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return (
    <StaffCardColumn>
      <ResetPasswordForm token={searchParams.get('token')} />
    </StaffCardColumn>
  );
}
