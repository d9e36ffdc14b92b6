import { Trans, useLingui } from '@lingui/react/macro';
import { Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

import { errorMessage } from '../../../lib/validation';
import { useSwitchAccount } from '../../auth/hooks/useSwitchAccount';
import type { Me } from '../api/me';
import { RoleLabel } from './RoleLabel';

/**
 * The user's accounts as radio items (the current one checked); choosing another switches to it, once
 * `askFirst` lets it (unsaved edits on the page ask before the session changes).
 */
export function AccountSwitcherItems({ me, askFirst }: { me: Me; askFirst: (leave: () => void) => void }) {
  const { i18n } = useLingui();
  const switchAccount = useSwitchAccount();
  const accounts = me.accounts.filter((a) => a.status === 'ACTIVE' || a.id === me.account.id);
  if (accounts.length < 2) return null;
  return (
    <>
      <Menu.Label>
        <Trans>Switch account</Trans>
      </Menu.Label>
      <Menu.RadioGroup
        value={String(me.account.id)}
        onChange={(value) => {
          const id = Number(value);
          if (id === me.account.id) return;
          askFirst(() =>
            switchAccount.mutate(id, {
              onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, i18n) }),
            }),
          );
        }}
      >
        {accounts.map((account) => (
          <Menu.RadioItem key={account.id} value={String(account.id)} closeMenuOnClick>
            {account.name}
            <Text span size="xs" c="dimmed" ml={6}>
              <RoleLabel role={account.role} />
            </Text>
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
      <Menu.Divider />
    </>
  );
}
