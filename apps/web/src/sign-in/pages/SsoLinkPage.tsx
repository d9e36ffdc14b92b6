import { useLingui } from '@lingui/react/macro';

import { SsoLink } from '../../features/auth/components/SsoLink';
import { usePageTitle } from '../../lib/use-page-title';

/** `/auth/sso/:token`: the team's sign-in link. */
export function SsoLinkPage({ token }: { token: string }) {
  const { t } = useLingui();
  usePageTitle(t`Single sign-on`);
  return <SsoLink key={token} token={token} />;
}
