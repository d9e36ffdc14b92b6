import { useLingui } from '@lingui/react/macro';

import { SsoCallback } from '../../features/auth/components/SsoCallback';
import { usePageTitle } from '../../lib/use-page-title';

/** `/auth/sso/callback`: back from the identity provider. */
export function SsoCallbackPage() {
  const { t } = useLingui();
  usePageTitle(t`Single sign-on`);
  return <SsoCallback />;
}
