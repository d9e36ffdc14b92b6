import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, AppShell, Box, Burger, Button, Group, Menu } from '@mantine/core';
import { IconBuilding, IconCalendarEvent, IconScan } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useMatch } from 'react-router';

import { InsideMainContext } from '../../components/LandmarkContext';
import { Logo } from '../../components/Logo';
import { MailDelayBanner } from '../../features/account/components/MailDelayBanner';
import { firstAccountSection } from '../../features/account/sections';
import { RequireAuth } from '../../features/auth/components/RequireAuth';
import { EmailConfirmationBanner } from '../../features/profile/components/EmailConfirmationBanner';
import { useMe } from '../../features/users/api/me';
import { UserMenu } from '../../features/users/components/UserMenu';
import { hasPermission } from '../../features/users/hooks/usePermission';
import classes from './ManageLayout.module.css';

/** Where door staff may be: check-in and their profile; the box office too for those who sell there. */
const doorStaffPath = (path: string, sells: boolean) =>
  /^\/manage\/(check-in|profile)(\/|$)/.test(path) || (sells && /^\/manage\/box-office\/\d+$/.test(path));

/**
 * The main navigation on a phone (below `sm`, where the header has no room for its buttons): a burger
 * opening a menu of the same links. The user menu beside it keeps profile, account, language and logout.
 */
function PhoneNavigation({ checkInOnly, accountPage }: { checkInOnly: boolean; accountPage: string | null }) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  return (
    <Box component="nav" aria-label={t`Main navigation`} hiddenFrom="sm">
      <Menu opened={opened} onChange={setOpened} position="bottom-start" width={240} shadow="md" withinPortal>
        <Menu.Target>
          <Burger opened={opened} size="sm" aria-label={t`Open navigation`} />
        </Menu.Target>
        <Menu.Dropdown>
          {checkInOnly ? (
            <Menu.Item component={NavLink} to="/manage/check-in" leftSection={<IconScan size={16} aria-hidden />}>
              <Trans>Check-in</Trans>
            </Menu.Item>
          ) : (
            <Menu.Item
              component={NavLink}
              to="/manage/events"
              leftSection={<IconCalendarEvent size={16} aria-hidden />}
            >
              <Trans>Events</Trans>
            </Menu.Item>
          )}
          {accountPage ? (
            <Menu.Item component={NavLink} to={accountPage} leftSection={<IconBuilding size={16} aria-hidden />}>
              <Trans>Account</Trans>
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    </Box>
  );
}

function ManageShell() {
  const { t } = useLingui();
  const me = useMe();
  const { pathname } = useLocation();
  // Door staff have no event management: their home is the list of events they check guests in at.
  const checkInOnly = Boolean(
    me.data && !hasPermission(me.data, 'events.manage') && hasPermission(me.data, 'checkin.scan'),
  );
  const home = checkInOnly ? '/manage/check-in' : '/manage/events';
  const inEvent = useMatch('/manage/event/*');
  const inOrganizer = useMatch('/manage/organizer/*');
  const inAccount = useMatch('/account/*');
  const accountPage = me.data ? firstAccountSection(me.data.permissions) : null;
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header component="header" className={classes.header}>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            {me.data ? <PhoneNavigation checkInOnly={checkInOnly} accountPage={accountPage} /> : null}
            <Anchor component={Link} to={home} underline="never" aria-label="AdmitOne">
              <Logo size={32} withName />
            </Anchor>
            <Group component="nav" aria-label={t`Main navigation`} gap={4} wrap="nowrap" visibleFrom="sm">
              {checkInOnly ? (
                <Button
                  component={NavLink}
                  to="/manage/check-in"
                  variant="subtle"
                  color="dark"
                  leftSection={<IconScan size={18} aria-hidden />}
                  className={classes.navLink}
                >
                  <Trans>Check-in</Trans>
                </Button>
              ) : (
                <Button
                  component={NavLink}
                  to="/manage/events"
                  variant="subtle"
                  color="dark"
                  leftSection={<IconCalendarEvent size={18} aria-hidden />}
                  className={classes.navLink}
                  data-section-active={inEvent || inOrganizer ? true : undefined}
                >
                  <Trans>Events</Trans>
                </Button>
              )}
              {accountPage ? (
                <Button
                  component={NavLink}
                  to={accountPage}
                  variant="subtle"
                  color="dark"
                  leftSection={<IconBuilding size={18} aria-hidden />}
                  className={classes.navLink}
                  data-section-active={inAccount ? true : undefined}
                >
                  <Trans>Account</Trans>
                </Button>
              ) : null}
            </Group>
          </Group>
          {me.data ? <UserMenu me={me.data} /> : null}
        </Group>
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <InsideMainContext value>
          <EmailConfirmationBanner />
          <MailDelayBanner />
          {checkInOnly && !doorStaffPath(pathname, hasPermission(me.data!, 'boxoffice.sell')) ? (
            <Navigate to="/manage/check-in" replace />
          ) : (
            <Outlet />
          )}
        </InsideMainContext>
      </AppShell.Main>
    </AppShell>
  );
}

/** The logged-in area (`/manage/*`, `/account/*`): header with navigation and user menu around the page. */
export function ManageLayout() {
  return (
    <RequireAuth>
      <ManageShell />
    </RequireAuth>
  );
}
