import { useLingui } from '@lingui/react/macro';

import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm';
import { usePageTitle } from '../../lib/use-page-title';

/** `/auth/reset-password/:token` */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useLingui();
  usePageTitle(t`Reset your password`);
  return <ResetPasswordForm key={token} token={token} />;
}
