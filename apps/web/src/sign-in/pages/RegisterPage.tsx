import { useLingui } from '@lingui/react/macro';

import { RegisterForm } from '../../features/auth/components/RegisterForm';
import { usePageTitle } from '../../lib/use-page-title';

/** `/auth/register` */
export function RegisterPage() {
  const { t } = useLingui();
  usePageTitle(t`Sign up`);
  return <RegisterForm />;
}
