import { useLingui } from '@lingui/react/macro';

import { AcceptInvitation } from '../../features/auth/components/AcceptInvitation';
import { usePageTitle } from '../../lib/use-page-title';

/** `/auth/accept-invitation/:token` */
export function AcceptInvitationPage({ token }: { token: string }) {
  const { t } = useLingui();
  usePageTitle(t`Accept invitation`);
  return <AcceptInvitation key={token} token={token} />;
}
