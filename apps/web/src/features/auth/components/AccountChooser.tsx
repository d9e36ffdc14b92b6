import type { AccountSummaryDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Badge, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconBuilding, IconChevronRight } from '@tabler/icons-react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { RoleLabel } from '../../users/components/RoleLabel';
import classes from './AccountChooser.module.css';
import { AuthHeading } from './AuthHeading';

interface AccountChooserProps {
  accounts: AccountSummaryDto[];
  /** The account being logged into, while the request runs. */
  loadingId: number | null;
  error: unknown;
  onChoose: (accountId: number) => void;
  onBack: () => void;
}

/** Lists the user's accounts (name and role) so they can pick the one to log into. */
export function AccountChooser({ accounts, loadingId, error, onChoose, onBack }: AccountChooserProps) {
  return (
    <>
      <AuthHeading
        title={<Trans>Choose an account</Trans>}
        description={<Trans>You belong to several accounts. Which one do you want to open?</Trans>}
      />
      <Stack gap="sm">
        <FormErrorAlert error={error} />
        <Stack gap="xs" component="ul" className={classes.list}>
          {accounts.map((account) => (
            <li key={account.id}>
              <UnstyledButton
                className={classes.item}
                onClick={() => onChoose(account.id)}
                disabled={loadingId !== null}
                aria-busy={loadingId === account.id}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap">
                    <IconBuilding size={20} aria-hidden />
                    <Stack gap={2}>
                      <Text fw={600}>{account.name}</Text>
                      <Badge variant="light" color="gray" size="sm">
                        <RoleLabel role={account.role} />
                      </Badge>
                    </Stack>
                  </Group>
                  {loadingId === account.id ? <Loader size="sm" /> : <IconChevronRight size={18} aria-hidden />}
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
        <Button variant="subtle" color="dark" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          <Trans>Use another e-mail address</Trans>
        </Button>
      </Stack>
    </>
  );
}
