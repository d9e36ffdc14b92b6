import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { AcceptInvitation } from '../../features/auth/components/AcceptInvitation';
import { usePageTitle } from '../../lib/use-page-title';

/** `/auth/accept-invitation/:token` */
export default function AcceptInvitationRoute() {
  const { t } = useLingui();
  usePageTitle(t`Accept invitation`);
  const { token = '' } = useParams();
  return <AcceptInvitation key={token} token={token} />;
}
