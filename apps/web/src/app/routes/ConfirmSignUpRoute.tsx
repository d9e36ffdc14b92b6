import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { ConfirmSignUp } from '../../features/auth/components/ConfirmSignUp';
import { usePageTitle } from '../../lib/use-page-title';

/** `/auth/confirm-sign-up/:token` */
export default function ConfirmSignUpRoute() {
  const { t } = useLingui();
  usePageTitle(t`Finish signing up`);
  const { token = '' } = useParams();
  return <ConfirmSignUp key={token} token={token} />;
}
