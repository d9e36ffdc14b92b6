import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';

import { ListBody } from '../../../components/ListBody';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { browserTimeZone } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useWebhooks } from '../api/webhooks';
import { useWebhookDialogs } from './use-webhook-dialogs';
import { WebhooksTable } from './WebhooksTable';

function Webhooks({ timeZone }: { timeZone: string }) {
  const { t } = useLingui();
  const webhooks = useWebhooks();
  const dialogs = useWebhookDialogs();
  const add = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={dialogs.create}>
      <Trans>Add webhook</Trans>
    </Button>
  );

  return (
    <>
      <PageHeader
        title={<Trans>Webhooks</Trans>}
        description={
          <Trans>
            Webhooks tell your other systems (CRM, newsletter, door system) the moment something happens: we send each
            order, attendee, check-in and more to an address on your server, signed with a secret so it can check the
            message comes from us. See the{' '}
            <Anchor href="/api/docs" underline="always">
              API reference
            </Anchor>
            .
          </Trans>
        }
        actions={add}
      />
      <ListBody
        queries={[webhooks]}
        empty={(list) =>
          !list.length && (
            <ListEmptyState
              icon={IconWebhook}
              title={t`No webhooks yet`}
              description={t`Add a webhook to have orders, attendees and check-ins sent to your CRM, newsletter or door system as they happen.`}
            >
              {add}
            </ListEmptyState>
          )
        }
      >
        {(list) => <WebhooksTable webhooks={list} timeZone={timeZone} dialogs={dialogs} />}
      </ListBody>
      {dialogs.element}
    </>
  );
}

/** `/account/webhooks`: the account's webhooks (admins). */
export function WebhooksPage() {
  const { t } = useLingui();
  usePageTitle(t`Webhooks`);
  const me = useMe();
  if (!me.data || !hasPermission(me.data, 'webhooks.manage')) return <NoPermission />;
  return <Webhooks timeZone={me.data.user.timezone ?? browserTimeZone()} />;
}
