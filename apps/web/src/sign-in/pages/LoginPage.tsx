import { useLingui } from '@lingui/react/macro';

import { LoginForm } from '../../features/auth/components/LoginForm';
import { usePageTitle } from '../../lib/use-page-title';

/** `/auth/login` */
export function LoginPage() {
  const { t } = useLingui();
  usePageTitle(t`Log in`);
  return <LoginForm />;
}
