import { formatMoney } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';

import type { DeviceStockApi } from '../use-device-stock';

/**
 * The device's offline state under the shift bar: how many tickets it holds for selling without a network, the sales
 * made offline still to send (sent by themselves once the network is back), and any the server refused, with the
 * reason and a way to send them again.
 */
export function PendingSales({ device, currency }: { device: DeviceStockApi; currency: string }) {
  const { i18n } = useLingui();
  const waiting = device.pending.filter((p) => !p.failed);
  const refused = device.pending.filter((p) => p.failed);
  const held = device.units.length;
  if (!held && !device.pending.length) return null;
  return (
    <Stack gap={6} mt="xs">
      {held ? (
        <Group gap={6} wrap="nowrap">
          <IconCloudOff size={16} aria-hidden />
          <Text size="sm" c="dimmed" data-testid="device-units">
            <Plural
              value={held}
              one="# ticket on this device for selling without a network"
              other="# tickets on this device for selling without a network"
            />
          </Text>
        </Group>
      ) : null}
      {waiting.length ? (
        <Group gap="xs" role="status" data-testid="pending-sales">
          {device.online ? <Loader size="xs" aria-hidden /> : null}
          <Text size="sm" fw={700}>
            <Plural value={waiting.length} one="# offline sale to send" other="# offline sales to send" />
          </Text>
          <Text size="sm">
            {device.online ? <Trans>Sending…</Trans> : <Trans>They are sent when the network is back.</Trans>}
          </Text>
        </Group>
      ) : null}
      {waiting.length ? (
        <Text size="xs" c="dimmed">
          <Trans>The shift can be closed once they are sent.</Trans>
        </Text>
      ) : null}
      {refused.map((p) => {
        const amount = formatMoney(p.receipt.total, currency, i18n.locale);
        const reason = p.failed;
        return (
          <Alert key={p.body.client_id} color="red" variant="light" role="alert" data-testid="refused-sale">
            <Stack gap="xs">
              <Text size="sm">
                <Trans>
                  An offline sale of {amount} was not accepted: {reason}
                </Trans>
              </Text>
              <Group>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  onClick={() => device.retry(p.body.client_id)}
                >
                  <Trans>Send again</Trans>
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => device.dismiss(p.body.client_id)}>
                  <Trans>Remove from this device</Trans>
                </Button>
              </Group>
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
}
