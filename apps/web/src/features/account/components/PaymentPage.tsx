import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import {
  useConnectMollie,
  useDisconnectMollie,
  useMollieConnection,
  useRefreshMollieConnection,
} from '../api/mollie-connection';
import { useConnectStripe, usePaymentConnection, useRefreshPaymentConnection } from '../api/payment-connection';
import { stripeReturn } from '../payment-state';
import { MollieConnectionCard } from './MollieConnectionCard';
import { PaymentConnectionCard } from './PaymentConnectionCard';

function Payment({ accountId }: { accountId: number }) {
  const [search, setSearch] = useSearchParams();
  const connection = usePaymentConnection(accountId);
  const connect = useConnectStripe(accountId);
  const refresh = useRefreshPaymentConnection(accountId);
  const returned = stripeReturn(search);
  const handled = useRef(false);

  // Back from Stripe: read the connection once and drop the marker; an expired link offers the button again.
  useEffect(() => {
    if (handled.current || returned !== 'return') return;
    handled.current = true;
    refresh.mutate(undefined, { onSettled: () => setSearch({}, { replace: true }) });
  }, [returned, refresh, setSearch]);

  return (
    <Stack gap="md">
      {returned === 'refresh' ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
          <Trans>The Stripe setup link expired. Continue setup to get a new one.</Trans>
        </Alert>
      ) : null}
      {connect.isError ? <FormErrorAlert error={connect.error} /> : null}
      {refresh.isError ? <FormErrorAlert error={refresh.error} /> : null}
      {connection.isPending || (returned === 'return' && refresh.isPending) ? (
        <SectionLoader />
      ) : connection.isError ? (
        <FormErrorAlert error={connection.error} />
      ) : (
        <PaymentConnectionCard
          connection={connection.data}
          onConnect={() => connect.mutate()}
          connecting={connect.isPending || connect.isSuccess}
          onCheck={() => refresh.mutate()}
          checking={refresh.isPending}
        />
      )}
    </Stack>
  );
}

/** The account's Mollie organization: connect, check its onboarding again, disconnect (after a confirmation). */
function Mollie({ accountId }: { accountId: number }) {
  const { t } = useLingui();
  const connection = useMollieConnection(accountId);
  const connect = useConnectMollie(accountId);
  const refresh = useRefreshMollieConnection(accountId);
  const disconnect = useDisconnectMollie(accountId);
  const [confirming, setConfirming] = useState(false);

  const close = () => {
    setConfirming(false);
    disconnect.reset();
  };
  const confirmDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'teal', message: t`Mollie disconnected.` });
      },
    });

  return (
    <Stack gap="md">
      {connect.isError ? <FormErrorAlert error={connect.error} /> : null}
      {refresh.isError ? <FormErrorAlert error={refresh.error} /> : null}
      {connection.isPending ? (
        <SectionLoader />
      ) : connection.isError ? (
        <FormErrorAlert error={connection.error} />
      ) : (
        <MollieConnectionCard
          connection={connection.data}
          onConnect={() => connect.mutate()}
          connecting={connect.isPending || connect.isSuccess}
          onCheck={() => refresh.mutate()}
          checking={refresh.isPending}
          onDisconnect={() => setConfirming(true)}
        />
      )}
      <ConfirmDialog
        opened={confirming}
        title={<Trans>Disconnect Mollie?</Trans>}
        message={
          <Trans>
            Buyers can no longer pay through Mollie. Orders paid through Mollie keep their records; refunding them needs
            Mollie connected again.
          </Trans>
        }
        confirmLabel={<Trans>Disconnect Mollie</Trans>}
        danger
        loading={disconnect.isPending}
        error={disconnect.error}
        onConfirm={confirmDisconnect}
        onClose={close}
      />
    </Stack>
  );
}

/**
 * `/account/payment`: how buyers pay online; connecting the account's Stripe account and Mollie organization (admins).
 */
export function PaymentPage() {
  const { t } = useLingui();
  usePageTitle(t`Payments`);
  const me = useMe();
  if (!hasPermission(me.data, 'account.manage')) return <NoPermission />;
  return (
    <>
      <PageHeader title={<Trans>Payments</Trans>} description={<Trans>How buyers pay for tickets online.</Trans>} />
      <Stack gap="xl">
        <Payment accountId={me.data?.account.id ?? 0} />
        <Mollie accountId={me.data?.account.id ?? 0} />
      </Stack>
    </>
  );
}
