import { Trans } from '@lingui/react/macro';
import { Alert, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';

import { useMe } from '../../users/api/me';
import { ResendConfirmationButton } from './ResendConfirmationButton';

/** Reminds a user whose e-mail address is not confirmed yet, with a way to get the link again. */
export function EmailConfirmationBanner() {
  const me = useMe();
  const user = me.data?.user;
  if (!user || user.email_verified) return null;
  const email = user.email;
  return (
    <Alert
      color="orange"
      variant="light"
      radius={0}
      icon={<IconMailExclamation size={20} aria-hidden />}
      role="status"
      styles={{ wrapper: { alignItems: 'center' } }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          <Trans>
            Please confirm your e-mail address. We sent a link to <strong>{email}</strong>. You need a confirmed address
            to put events live.
          </Trans>
        </Text>
        <ResendConfirmationButton user={user} size="xs" variant="default" />
      </Group>
    </Alert>
  );
}
