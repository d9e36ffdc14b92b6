import { RequireAuth } from '../../features/auth/components/RequireAuth';
import { WelcomePage } from '../../features/welcome/components/WelcomePage';

/** `/welcome` (logged in) */
export default function WelcomeRoute() {
  return (
    <RequireAuth>
      <WelcomePage />
    </RequireAuth>
  );
}
