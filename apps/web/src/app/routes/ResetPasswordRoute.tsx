import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm';
import { usePageTitle } from '../../lib/use-page-title';

/** `/auth/reset-password/:token` */
export default function ResetPasswordRoute() {
  const { t } = useLingui();
  usePageTitle(t`Reset your password`);
  const { token = '' } = useParams();
  return <ResetPasswordForm key={token} token={token} />;
}
