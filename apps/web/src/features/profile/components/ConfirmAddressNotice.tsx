import { Alert, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { isApiError } from '../../../lib/api-error';
import { useMe } from '../../users/api/me';
import { ResendConfirmationButton } from './ResendConfirmationButton';

/** The server refused because the caller's own address is not confirmed (403). */
export const isEmailNotConfirmed = (error: unknown): boolean =>
  isApiError(error) && error.code === 'EMAIL_NOT_CONFIRMED';

/**
 * True when the user must confirm their address before sending e-mail to addresses they type in
 * (invitations, tickets e-mailed from the admin, messages): it is not confirmed yet, or the server said so.
 */
export function useAddressUnconfirmed(error?: unknown): boolean {
  const me = useMe();
  return isEmailNotConfirmed(error) || me.data?.user.email_verified === false;
}

/**
 * Says, before a form that sends e-mail, that the user's address must be confirmed first, with a way
 * to get the confirmation link again. `title` names what waits for it; the text says what to do.
 */
export function ConfirmAddressNotice({ title, children }: { title: ReactNode; children: ReactNode }) {
  const me = useMe();
  const user = me.data?.user;
  return (
    <Alert color="orange" variant="light" icon={<IconMailExclamation size={18} aria-hidden />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" fw={700}>
          {title}
        </Text>
        <Text size="sm" component="div">
          {children}
        </Text>
        {user && !user.email_verified ? <ResendConfirmationButton user={user} size="xs" variant="default" /> : null}
      </Stack>
    </Alert>
  );
}
