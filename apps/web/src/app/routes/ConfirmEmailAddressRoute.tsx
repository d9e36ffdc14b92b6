import { useParams } from 'react-router';

import { ConfirmLinkPage } from '../../features/profile/components/ConfirmLinkPage';

/** `/manage/profile/confirm-email-address/:token` */
export default function ConfirmEmailAddressRoute() {
  const { token = '' } = useParams();
  return <ConfirmLinkPage key={token} kind="email-address" token={token} />;
}
