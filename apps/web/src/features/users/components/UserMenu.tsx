import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';

import { isLocale, LOCALE_NAMES } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconChevronDown, IconLanguage, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';

import { UnsavedChangesDialog } from '../../../components/UnsavedChangesGuard';
import { hasUnsavedEdits } from '../../../lib/use-unsaved-changes';
import { firstAccountSection } from '../../account/sections';
import { useLogout } from '../../auth/hooks/useLogout';
import { LanguageMenuItems } from '../../locale/components/LanguageMenuItems';
import type { Me } from '../api/me';
import { AccountSwitcherItems } from './AccountSwitcherItems';
import classes from './UserMenu.module.css';

/** Initials for the avatar ("Ada Lovelace" → "AL"). */
function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The header's user menu: who is logged in, profile, account, switching accounts, language, logout. */
export function UserMenu({ me }: { me: Me }) {
  const { t, i18n } = useLingui();
  const logout = useLogout();
  // Logging out or switching accounts with unsaved edits on the page asks first, as leaving the page would.
  const [confirming, setConfirming] = useState<{ leave: () => void; label: ReactNode } | null>(null);
  const askFirst = (leave: () => void, label: ReactNode) =>
    hasUnsavedEdits() ? setConfirming({ leave, label }) : leave();
  const onLogout = () => askFirst(() => void logout(), <Trans>Log out without saving</Trans>);
  const language = isLocale(i18n.locale) ? LOCALE_NAMES[i18n.locale] : i18n.locale;
  const accountPage = firstAccountSection(me.permissions);
  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton className={classes.target} aria-label={t`Open user menu`}>
            <Group gap={8} wrap="nowrap">
              <Avatar color="violet" radius="xl" size={32}>
                {initials(me.user.name)}
              </Avatar>
              <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
                {me.user.name}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <div className={classes.identity}>
            <Text size="sm" fw={600} truncate>
              {me.user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {me.user.email}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {me.account.name}
            </Text>
          </div>
          <Menu.Divider />
          <Menu.Item component={Link} to="/manage/profile" leftSection={<IconUserCircle size={16} aria-hidden />}>
            <Trans>Profile</Trans>
          </Menu.Item>
          {accountPage ? (
            <Menu.Item component={Link} to={accountPage} leftSection={<IconBuilding size={16} aria-hidden />}>
              <Trans>Account</Trans>
            </Menu.Item>
          ) : null}
          <Menu.Divider />
          <AccountSwitcherItems me={me} askFirst={(leave) => askFirst(leave, <Trans>Switch without saving</Trans>)} />
          <Menu.Sub position="left-start">
            <Menu.Sub.Target>
              <Menu.Sub.Item leftSection={<IconLanguage size={16} aria-hidden />}>
                <Trans>Language</Trans>
                <Text span size="xs" c="dimmed" ml={6}>
                  {language}
                </Text>
              </Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              <LanguageMenuItems />
            </Menu.Sub.Dropdown>
          </Menu.Sub>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
            <Trans>Log out</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <UnsavedChangesDialog
        opened={confirming !== null}
        onStay={() => setConfirming(null)}
        onLeave={() => {
          confirming?.leave();
          setConfirming(null);
        }}
        leaveLabel={confirming?.label}
      />
    </>
  );
}
