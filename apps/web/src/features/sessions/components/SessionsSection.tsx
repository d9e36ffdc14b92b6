import type { SessionDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { errorMessage } from '../../../lib/validation';
import { leaveToLogin } from '../../auth/hooks/useLogout';
import { useSessions, useSignOutEverywhere, useSignOutSession } from '../api/sessions';
import { SessionItem } from './SessionItem';
import classes from './SessionsSection.module.css';

/**
 * The profile's "Where you are signed in": each device with its sign-out (this one after a question), and signing out
 * everywhere. Signing this device out opens the login page, as logging out does.
 */
export function SessionsSection({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useLingui();
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const everywhere = useSignOutEverywhere();
  const [asking, setAsking] = useState<{ session: SessionDto } | 'everywhere' | null>(null);
  const ask = (question: { session: SessionDto } | 'everywhere') => {
    signOut.reset();
    everywhere.reset();
    setAsking(question);
  };
  const close = () => {
    setAsking(null);
    signOut.reset();
    everywhere.reset();
  };

  const signOutOther = (session: SessionDto) =>
    signOut.mutate(session, {
      onSuccess: () => notifications.show({ color: 'teal', message: t`That device has been signed out.` }),
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, i18n) }),
    });

  if (sessions.isPending) return <SectionLoader />;
  if (sessions.isError) return <FormErrorAlert error={sessions.error} />;
  const current = asking !== null && asking !== 'everywhere' ? asking.session : null;

  return (
    <Stack gap="md">
      {sessions.data.length ? (
        <ul className={classes.list} aria-label={t`Signed-in devices`}>
          {sessions.data.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              timeZone={timeZone}
              pending={signOut.isPending && signOut.variables?.id === session.id}
              onSignOut={(s) => (s.current ? ask({ session: s }) : signOutOther(s))}
            />
          ))}
        </ul>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>You are not signed in on any device.</Trans>
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => ask('everywhere')}>
          <Trans>Sign out everywhere</Trans>
        </Button>
      </Group>
      <ConfirmDialog
        opened={current !== null}
        title={<Trans>Sign out of this device</Trans>}
        message={<Trans>You will be signed out here and taken to the login page.</Trans>}
        confirmLabel={<Trans>Sign out</Trans>}
        danger
        loading={signOut.isPending}
        error={signOut.error}
        onConfirm={() => current && signOut.mutate(current, { onSuccess: leaveToLogin })}
        onClose={close}
      />
      <ConfirmDialog
        opened={asking === 'everywhere'}
        title={<Trans>Sign out everywhere</Trans>}
        message={
          <Trans>
            Every device signed in with your login is signed out, this one too. You will need your password to log in
            again.
          </Trans>
        }
        confirmLabel={<Trans>Sign out everywhere</Trans>}
        danger
        loading={everywhere.isPending}
        error={everywhere.error}
        onConfirm={() => everywhere.mutate(undefined, { onSuccess: leaveToLogin })}
        onClose={close}
      />
    </Stack>
  );
}
