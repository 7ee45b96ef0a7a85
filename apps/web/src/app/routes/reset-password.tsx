import { useLocation } from 'react-router-dom';
import { ResetPasswordForm, StaffPageFrame } from '@/features/auth';

/** /reset-password?token=: the link of the password-reset mail. */
export default function ResetPasswordPage() {
  // The platform's URLSearchParams reads the one value; useSearchParams would add its setter to every page's bundle.
  const token = new URLSearchParams(useLocation().search).get('token');
  return (
    <StaffPageFrame>
      <ResetPasswordForm token={token} />
    </StaffPageFrame>
  );
}
