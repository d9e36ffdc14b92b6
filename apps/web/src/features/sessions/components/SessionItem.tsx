import '@mantine/core/styles/ThemeIcon.css';

import { type DeviceKind, formatDateTime, type SessionDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDevices,
  IconDeviceTablet,
  type TablerIcon,
} from '@tabler/icons-react';

import { countryName } from '../../../lib/countries';

const DEVICE_ICONS: Record<DeviceKind, TablerIcon> = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
};

interface SessionItemProps {
  session: SessionDto;
  timeZone: string;
  /** This row's sign-out is under way. */
  pending: boolean;
  onSignOut: (session: SessionDto) => void;
}

/** One signed-in device: browser and system, account, address and country, when last used; and its sign-out. */
export function SessionItem({ session, timeZone, pending, onSignOut }: SessionItemProps) {
  const { t, i18n } = useLingui();
  const { browser, os, account } = session;
  const device = browser && os ? t`${browser} on ${os}` : (browser ?? os ?? t`Unknown device`);
  const Icon = session.device ? DEVICE_ICONS[session.device] : IconDevices;
  const lastActive = formatDateTime(session.last_used_at, timeZone, i18n.locale);
  const where = [account.name, session.ip, session.country ? countryName(session.country, i18n.locale) : null]
    .filter(Boolean)
    .join(' · ');
  const accountName = account.name;

  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="md" py="sm" data-testid="session">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={2}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {device}
            </Text>
            {session.current ? (
              <Badge variant="light" size="sm">
                <Trans>This device</Trans>
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {where}
          </Text>
          <Text size="xs" c="dimmed">
            {session.current ? <Trans>Active now</Trans> : <Trans>Last active {lastActive}</Trans>}
          </Text>
        </Stack>
      </Group>
      <Button
        size="xs"
        variant="default"
        loading={pending}
        aria-label={t`Sign out ${device} (${accountName})`}
        onClick={() => onSignOut(session)}
      >
        <Trans>Sign out</Trans>
      </Button>
    </Group>
  );
}
