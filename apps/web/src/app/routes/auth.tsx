import { Navigate } from 'react-router-dom';
import { PATHS } from '@agency/shared';
import { AuthScreen, StaffPageFrame, useSession } from '@/features/auth';

/** /auth: login, registration and password-reset request; a signed-in visitor goes to the dashboard. */
export default function AuthPage() {
  const { user } = useSession();
  if (user) return <Navigate to={PATHS.dashboard} replace />;
  return (
    <StaffPageFrame>
      <AuthScreen />
    </StaffPageFrame>
  );
}
