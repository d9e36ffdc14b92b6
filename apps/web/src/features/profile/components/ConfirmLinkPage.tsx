import '@mantine/core/styles/ThemeIcon.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../users/api/me';
import { useConfirmEmailAddress, useConfirmEmailChange } from '../api/profile';

export type ConfirmLinkKind = 'email-change' | 'email-address';

/** An answer that means the link itself is bad (expired, used, forged), not that the server failed. */
const isBadLink = (error: unknown) =>
  isApiError(error) && (error.code === 'INVALID_LINK' || error.status === 400 || error.status === 404);

function Outcome({ ok, title, children }: { ok: boolean; title: React.ReactNode; children: React.ReactNode }) {
  return (
    <Stack align="center" gap="sm" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color={ok ? 'teal' : 'red'} aria-hidden>
        {ok ? <IconCircleCheck size={30} /> : <IconLinkOff size={28} />}
      </ThemeIcon>
      <Title order={1} fz={24}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Opens a mailed confirmation link: sends the token once (a ref guards against StrictMode's second
 * effect run, since a used token answers "invalid") and shows the outcome.
 */
export function ConfirmLinkPage({ kind, token }: { kind: ConfirmLinkKind; token: string }) {
  const { t } = useLingui();
  usePageTitle(kind === 'email-change' ? t`Confirm e-mail change` : t`Confirm e-mail address`);
  const me = useMe();
  const userId = me.data?.user.id ?? 0;
  const change = useConfirmEmailChange(userId);
  const address = useConfirmEmailAddress(userId);
  const mutation = kind === 'email-change' ? change : address;
  const sent = useRef(false);
  const { mutate } = mutation;

  useEffect(() => {
    if (!userId || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token, userId]);

  const email = mutation.data?.email ?? '';
  return (
    <Container size={560} py="xl">
      <Card withBorder radius="md" padding="xl">
        {mutation.isSuccess ? (
          <Outcome
            ok
            title={
              kind === 'email-change' ? <Trans>E-mail address changed</Trans> : <Trans>E-mail address confirmed</Trans>
            }
          >
            <Text c="dimmed">
              {kind === 'email-change' ? (
                <Trans>From now on you log in with {email}.</Trans>
              ) : (
                <Trans>Thank you! {email} is confirmed.</Trans>
              )}
            </Text>
            <Group gap="sm" mt="xs" justify="center">
              <Button component={Link} to="/manage/profile" variant="default">
                <Trans>Go to your profile</Trans>
              </Button>
              <Button component={Link} to="/manage/events">
                <Trans>Go to events</Trans>
              </Button>
            </Group>
          </Outcome>
        ) : mutation.isError && isBadLink(mutation.error) ? (
          <Outcome ok={false} title={<Trans>This link does not work</Trans>}>
            <Text c="dimmed">
              <Trans>The link you clicked is invalid.</Trans>
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>It may have expired or been used already. You can ask for a new one on your profile.</Trans>
            </Text>
            <Button component={Link} to="/manage/profile" mt="xs">
              <Trans>Go to your profile</Trans>
            </Button>
          </Outcome>
        ) : mutation.isError ? (
          <Stack gap="md">
            <FormErrorAlert error={mutation.error} />
            <Button component={Link} to="/manage/profile" variant="default">
              <Trans>Go to your profile</Trans>
            </Button>
          </Stack>
        ) : (
          <Stack align="center" gap="xs">
            <Text>
              <Trans>Checking your link…</Trans>
            </Text>
            <SectionLoader />
          </Stack>
        )}
      </Card>
    </Container>
  );
}
