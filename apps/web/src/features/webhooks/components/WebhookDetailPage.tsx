import '@mantine/core/styles/Skeleton.css';

import { formatDateTime, LIMITS, WEBHOOK_EVENT_TYPES, type WebhookDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPencil, IconSend } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { actionErrorMessage } from '../../../lib/action-error';
import { hasStatus } from '../../../lib/api-error';
import { browserTimeZone } from '../../../lib/format';
import { useDrawerParam } from '../../../lib/use-drawer-param';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useSendTestEvent, useWebhook } from '../api/webhooks';
import { EVENT_TYPE_LABELS } from '../webhook-labels';
import { DeliveryDrawer } from './DeliveryDrawer';
import { DeliveryLog, type DeliveryLogFilter } from './DeliveryLog';
import { useWebhookDialogs, webhookName } from './use-webhook-dialogs';
import { WebhookStatus } from './WebhookBadges';
import { WebhookMenu } from './WebhookMenu';
import { LastDelivery } from './WebhooksTable';

function BackLink() {
  return (
    <Anchor
      component={Link}
      to="/account/webhooks"
      size="sm"
      c="dimmed"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      mb="sm"
    >
      <IconArrowLeft size={14} aria-hidden />
      <Trans>All webhooks</Trans>
    </Anchor>
  );
}

/** A label and its value in the settings summary. */
function Setting({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} mb={2}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** Where it sends, what, for which events, whether it is on and how the last delivery went. */
function WebhookSummary({ webhook, timeZone }: { webhook: WebhookDto; timeZone: string }) {
  const { i18n } = useLingui();
  const all = webhook.event_types.length === WEBHOOK_EVENT_TYPES.length;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
        <Setting label={<Trans>URL</Trans>}>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
        </Setting>
        <Setting label={<Trans>Events</Trans>}>
          {webhook.event_id === null ? <Trans>All events</Trans> : (webhook.event_title ?? `#${webhook.event_id}`)}
        </Setting>
        <Setting label={<Trans>Status</Trans>}>
          <WebhookStatus webhook={webhook} />
        </Setting>
        <Setting label={<Trans>Last delivery</Trans>}>
          <LastDelivery webhook={webhook} timeZone={timeZone} />
        </Setting>
        <Setting label={<Trans>Added</Trans>}>{formatDateTime(webhook.created_at, timeZone, i18n.locale)}</Setting>
      </SimpleGrid>
      <Setting label={<Trans>Kinds of events sent</Trans>}>
        {all ? (
          <Trans>Every kind of event</Trans>
        ) : (
          <Group gap={6} mt={2}>
            {webhook.event_types.map((type) => (
              <Badge key={type} variant="outline" color="gray" tt="none">
                {i18n._(EVENT_TYPE_LABELS[type])}
              </Badge>
            ))}
          </Group>
        )}
      </Setting>
    </Stack>
  );
}

function WebhookDetail({ id, timeZone }: { id: number; timeZone: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const webhook = useWebhook(id);
  const test = useSendTestEvent();
  const dialogs = useWebhookDialogs({ onDeleted: () => void navigate('/account/webhooks', { replace: true }) });
  const drawer = useDrawerParam('delivery');
  const [filter, setFilter] = useState<DeliveryLogFilter>({ page: 1, state: null });
  const w = webhook.data;
  usePageTitle(w ? webhookName(w) : t`Webhook`);

  if (webhook.isError) {
    return (
      <>
        <BackLink />
        {hasStatus(webhook.error, 404) ? (
          <Alert color="red" variant="light" role="alert">
            <Trans>This webhook does not exist, or it was deleted.</Trans>
          </Alert>
        ) : (
          <FormErrorAlert error={webhook.error} />
        )}
      </>
    );
  }

  const sendTest = () =>
    test.mutate(id, {
      onSuccess: () => {
        // The new delivery is the newest: show the log's first page, unfiltered.
        setFilter({ page: 1, state: null });
        notifications.show({ color: 'teal', message: t`A test event is on its way: it is sent within a few seconds.` });
      },
      onError: (e) =>
        notifications.show({
          color: 'red',
          message: actionErrorMessage(e, i18n, t`We could not send a test event. Please try again.`),
        }),
    });

  return (
    <>
      <BackLink />
      {w ? (
        <PageHeader
          title={<span style={{ wordBreak: 'break-all' }}>{webhookName(w)}</span>}
          description={<Trans>Webhook</Trans>}
          actions={
            <>
              <Button leftSection={<IconSend size={18} aria-hidden />} loading={test.isPending} onClick={sendTest}>
                <Trans>Send test event</Trans>
              </Button>
              <Button
                variant="default"
                leftSection={<IconPencil size={18} aria-hidden />}
                onClick={() => dialogs.edit(w)}
              >
                <Trans>Edit</Trans>
              </Button>
              <WebhookMenu webhook={w} dialogs={dialogs} />
            </>
          }
        />
      ) : (
        <Skeleton h={36} w="40%" mb="lg" />
      )}
      <Stack gap="lg">
        <SettingsSection title={<Trans>Settings</Trans>}>
          {w ? (
            <WebhookSummary webhook={w} timeZone={timeZone} />
          ) : (
            <Skeleton h={140} role="status" aria-label={t`Loading webhook`} />
          )}
        </SettingsSection>
        <SettingsSection
          title={<Trans>Delivery log</Trans>}
          description={
            <Trans>
              Every event sent to this webhook, newest first. A delivery that fails is tried again for up to 3 days.
            </Trans>
          }
        >
          <DeliveryLog
            webhookId={id}
            filter={filter}
            onFilter={setFilter}
            perPage={LIMITS.PER_PAGE_DEFAULT}
            timeZone={timeZone}
            onOpen={(d) => drawer.open(d.id)}
          />
        </SettingsSection>
      </Stack>
      <DeliveryDrawer webhookId={id} deliveryId={drawer.id} timeZone={timeZone} onClose={drawer.close} />
      {dialogs.element}
    </>
  );
}

function Denied() {
  const { t } = useLingui();
  usePageTitle(t`Webhook`);
  return <NoPermission />;
}

/** `/account/webhooks/:webhookId`: a webhook's settings, a test event and its delivery log (admins). */
export function WebhookDetailPage() {
  const { webhookId } = useParams();
  const me = useMe();
  const id = Number(webhookId);
  if (!me.data || !hasPermission(me.data, 'webhooks.manage')) return <Denied />;
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <>
        <BackLink />
        <Alert color="red" variant="light" role="alert">
          <Trans>This webhook does not exist, or it was deleted.</Trans>
        </Alert>
      </>
    );
  }
  return <WebhookDetail key={id} id={id} timeZone={me.data.user.timezone ?? browserTimeZone()} />;
}
