import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Text } from '@mantine/core';
import {
  IconChartBar,
  IconCreditCard,
  IconHistory,
  IconKey,
  IconLogin2,
  IconReceiptTax,
  IconSettings,
  IconTemplate,
  IconUsers,
  IconWebhook,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { NoPermission } from '../../../components/NoPermission';
import { SideNav, SideNavLayout } from '../../../components/SideNav';
import { useMe } from '../../users/api/me';
import { ACCOUNT_SECTIONS, type AccountSection } from '../sections';

/** `/account/*`: side navigation with the sections the caller's permissions open. */
export function AccountLayout() {
  const { t } = useLingui();
  const me = useMe();
  const permissions = me.data?.permissions ?? [];
  const visible = ACCOUNT_SECTIONS.filter((s) => permissions.includes(s.permission));
  const labels: Record<AccountSection, { label: ReactNode; icon: TablerIcon }> = {
    settings: { label: <Trans>Settings</Trans>, icon: IconSettings },
    'event-defaults': { label: <Trans>Event defaults</Trans>, icon: IconTemplate },
    'taxes-and-fees': { label: <Trans>Taxes and fees</Trans>, icon: IconReceiptTax },
    payment: { label: <Trans>Payments</Trans>, icon: IconCreditCard },
    users: { label: <Trans>Users</Trans>, icon: IconUsers },
    'single-sign-on': { label: <Trans>Single sign-on</Trans>, icon: IconLogin2 },
    reports: { label: <Trans>Reports</Trans>, icon: IconChartBar },
    'api-keys': { label: <Trans>API keys</Trans>, icon: IconKey },
    webhooks: { label: <Trans>Webhooks</Trans>, icon: IconWebhook },
    'audit-log': { label: <Trans>Audit log</Trans>, icon: IconHistory },
  };

  if (!visible.length) {
    return (
      <Container size="sm" py="xl">
        <NoPermission />
      </Container>
    );
  }

  return (
    <SideNavLayout>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        <Trans>Account</Trans>
      </Text>
      <Text fw={700} mt={2} mb="sm" lineClamp={2}>
        {me.data?.account.name}
      </Text>
      <SideNav
        label={t`Account sections`}
        items={visible.map((s) => ({ to: `/account/${s.path}`, ...labels[s.path] }))}
      />
    </SideNavLayout>
  );
}
