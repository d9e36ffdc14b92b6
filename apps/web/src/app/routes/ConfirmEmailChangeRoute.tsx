import { useParams } from 'react-router';

import { ConfirmLinkPage } from '../../features/profile/components/ConfirmLinkPage';

/** `/manage/profile/confirm-email-change/:token` */
export default function ConfirmEmailChangeRoute() {
  const { token = '' } = useParams();
  return <ConfirmLinkPage key={token} kind="email-change" token={token} />;
}
