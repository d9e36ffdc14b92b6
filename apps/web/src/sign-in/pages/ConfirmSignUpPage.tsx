import { useLingui } from '@lingui/react/macro';

import { ConfirmSignUp } from '../../features/auth/components/ConfirmSignUp';
import { usePageTitle } from '../../lib/use-page-title';

/** `/auth/confirm-sign-up/:token` */
export function ConfirmSignUpPage({ token }: { token: string }) {
  const { t } = useLingui();
  usePageTitle(t`Finish signing up`);
  return <ConfirmSignUp key={token} token={token} />;
}
