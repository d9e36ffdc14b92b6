import type { MollieReturnBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useFinishMollieConnect } from '../api/mollie-connection';

/** What Mollie put in the address: a code and the state, or an error (the admin said no). */
function mollieAnswer(search: string): MollieReturnBody {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const error = query.get('error');
  return {
    state: query.get('state') ?? '',
    ...(code ? { code } : {}),
    ...(error ? { error } : {}),
  };
}

function MollieReturn({ accountId }: { accountId: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const finish = useFinishMollieConnect(accountId);
  const sent = useRef(false);
  const { mutate } = finish;

  useEffect(() => {
    if (sent.current || accountId <= 0) return;
    sent.current = true;
    const body = mollieAnswer(window.location.search);
    // The code works once: out of the address bar and the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    mutate(body, {
      onSuccess: (connection) => {
        notifications.show({
          color: 'teal',
          message:
            connection.status === 'CONNECTED'
              ? t`Mollie connected: ${connection.organization_name ?? ''}`
              : t`Mollie connected. Mollie still needs some details before it can take payments.`,
        });
        void navigate('/account/payment', { replace: true });
      },
    });
  }, [accountId, mutate, navigate, t]);

  if (finish.isError) {
    return (
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mollie-return-title">
        <Stack gap="md" align="flex-start">
          <Title order={2} fz="lg" id="mollie-return-title">
            <Trans>Mollie was not connected</Trans>
          </Title>
          <FormErrorAlert error={finish.error} />
          <Text>
            <Trans>Nothing was changed. Start again from the payments page.</Trans>
          </Text>
          <Button component={Link} to="/account/payment" leftSection={<IconArrowLeft size={18} aria-hidden />}>
            <Trans>Back to payments</Trans>
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="sm" role="status" aria-label={t`Connecting Mollie…`}>
      <Text>
        <Trans>Connecting Mollie…</Trans>
      </Text>
      <SectionLoader />
    </Stack>
  );
}

/**
 * `/account/payment/mollie`: where Mollie sends the admin back (`?code=…&state=…`, or `?error=…&state=…`). Sends the
 * answer to the server once (a ref guards against StrictMode's second run; the code works once), then opens the
 * payments page; a failure is shown with the server's message and the way back.
 */
export function MollieReturnPage() {
  const { t } = useLingui();
  usePageTitle(t`Connect Mollie`);
  const me = useMe();
  if (me.isPending) return <SectionLoader />;
  if (!hasPermission(me.data, 'account.manage')) return <NoPermission />;
  return (
    <>
      <PageHeader title={<Trans>Connect Mollie</Trans>} />
      <MollieReturn accountId={me.data?.account.id ?? 0} />
    </>
  );
}
