import '@mantine/core/styles/NavLink.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Container, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconReceiptTax, IconSettings, IconTemplate, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { NoPermission } from '../../../components/NoPermission';
import { useMe } from '../../users/api/me';
import { ACCOUNT_SECTIONS, type AccountSection } from '../sections';
import classes from '../../../components/SideNavLayout.module.css';

/** `/account/*`: side navigation with the sections the caller's permissions open. */
export function AccountLayout() {
  const { t } = useLingui();
  const me = useMe();
  const permissions = me.data?.permissions ?? [];
  const visible = ACCOUNT_SECTIONS.filter((s) => permissions.includes(s.permission));
  const labels: Record<AccountSection, { label: ReactNode; icon: ReactNode }> = {
    settings: { label: <Trans>Settings</Trans>, icon: <IconSettings size={18} aria-hidden /> },
    'event-defaults': { label: <Trans>Event defaults</Trans>, icon: <IconTemplate size={18} aria-hidden /> },
    'taxes-and-fees': { label: <Trans>Taxes and fees</Trans>, icon: <IconReceiptTax size={18} aria-hidden /> },
    payment: { label: <Trans>Payments</Trans>, icon: <IconCreditCard size={18} aria-hidden /> },
    users: { label: <Trans>Users</Trans>, icon: <IconUsers size={18} aria-hidden /> },
  };

  if (!visible.length) {
    return (
      <Container size="sm" py="xl">
        <NoPermission />
      </Container>
    );
  }

  return (
    <Container size="xl" py="lg" className={classes.layout}>
      <Box component="aside" className={classes.side}>
        <Text size="xs" c="dimmed" fw={700} tt="uppercase">
          <Trans>Account</Trans>
        </Text>
        <Text fw={700} mt={2} mb="sm" lineClamp={2}>
          {me.data?.account.name}
        </Text>
        <nav aria-label={t`Account sections`}>
          <Stack gap={2}>
            {visible.map((section) => (
              <MantineNavLink
                key={section.path}
                component={NavLink}
                to={`/account/${section.path}`}
                label={labels[section.path].label}
                leftSection={labels[section.path].icon}
                className={classes.navLink}
              />
            ))}
          </Stack>
        </nav>
      </Box>
      <Box component="section" className={classes.content}>
        <Outlet />
      </Box>
    </Container>
  );
}
