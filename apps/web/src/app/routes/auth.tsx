import { Navigate } from 'react-router-dom';
import { AuthScreen, StaffPageFrame, useSession } from '@/features/auth';

/** /auth: login, registration and password-reset request; a signed-in visitor goes to the dashboard. */
export default function AuthPage() {
  const { user } = useSession();
  if (user) return <Navigate to="/dashboard" replace />;
  return (
    <StaffPageFrame>
      <AuthScreen />
    </StaffPageFrame>
  );
}
