import type { UserDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';

import { errorMessage } from '../../../lib/validation';
import { useResendEmailConfirmation } from '../api/profile';

/** Sends the e-mail confirmation link again and says so in a notification. */
export function ResendConfirmationButton({ user, ...props }: { user: UserDto } & ButtonProps) {
  const { t, i18n } = useLingui();
  const resend = useResendEmailConfirmation(user.id);
  const email = user.email;
  return (
    <Button
      variant="light"
      leftSection={<IconMailForward size={16} aria-hidden />}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              title: t`Confirmation e-mail sent`,
              message: t`Check your inbox at ${email}.`,
            }),
          onError: (e) =>
            notifications.show({ color: 'red', title: t`Could not send the e-mail`, message: errorMessage(e, i18n) }),
        })
      }
      {...props}
    >
      <Trans>Resend confirmation</Trans>
    </Button>
  );
}
