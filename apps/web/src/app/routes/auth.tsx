import { Navigate, useSearchParams } from 'react-router-dom';
import { AuthScreen, RETURN_PARAMETER, returnPathOf, StaffPageFrame, useSession } from '@/features/auth';

/**
 * /auth: login, registration and password-reset request; a signed-in visitor goes to the page `next` names (a page of
 * the staff area, see returnPathOf), or the dashboard.
 */
export default function AuthPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  if (user) return <Navigate to={returnPathOf(params.get(RETURN_PARAMETER))} replace />;
  return (
    <StaffPageFrame>
      <AuthScreen />
    </StaffPageFrame>
  );
}
