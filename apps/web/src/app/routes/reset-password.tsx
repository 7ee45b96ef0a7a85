import { useSearchParams } from 'react-router-dom';
import { ResetPasswordForm, StaffPageFrame } from '@/features/auth';

/** /reset-password?token=: the link of the password-reset mail. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return (
    <StaffPageFrame>
      <ResetPasswordForm token={searchParams.get('token')} />
    </StaffPageFrame>
  );
}
