import { useLingui } from '@lingui/react/macro';

import { ForgotPasswordForm } from '../../features/auth/components/ForgotPasswordForm';
import { usePageTitle } from '../../lib/use-page-title';

/** `/auth/forgot-password` */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  usePageTitle(t`Forgot your password?`);
  return <ForgotPasswordForm />;
}
