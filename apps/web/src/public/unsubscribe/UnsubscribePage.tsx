import '@mantine/core/styles/Skeleton.css';

import type { UnsubscribeDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef, useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { hasStatus } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-text';
import { usePageTitle } from '../../lib/use-page-title';
import { CheckoutLayout } from '../checkout/CheckoutLayout';
import { useLoaded } from '../lib/use-loaded';
import { fetchUnsubscribe, unsubscribe } from './unsubscribe-api';

/** Shown while the link is looked up: the shape of the page. */
function UnsubscribeSkeleton() {
  const { t } = useLingui();
  return (
    <CheckoutLayout>
      <Stack gap="md" role="status" aria-label={t`Loading`} aria-busy>
        <Skeleton h={28} w="50%" />
        <Skeleton h={20} w="90%" />
        <Skeleton h={20} w="70%" />
        <Skeleton h={36} w={140} mt="sm" />
      </Stack>
    </CheckoutLayout>
  );
}

/** The link could not be looked up: unknown, or a failed load with a retry. */
function UnsubscribeMissing({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui();
  const notFound = hasStatus(error, 404);
  return (
    <CheckoutLayout>
      <Stack align="center" ta="center" gap="md" py="lg">
        <Title order={1} size="h2">
          {notFound ? <Trans>This link is not valid</Trans> : <Trans>Something went wrong</Trans>}
        </Title>
        <Text>
          {notFound ? (
            <Trans>We could not find this unsubscribe link. Please use the link from your latest e-mail.</Trans>
          ) : (
            errorMessage(error, i18n)
          )}
        </Text>
        {!notFound && (
          <Button onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </Stack>
    </CheckoutLayout>
  );
}

/** Off the list: just now (`justNow`), or already before the link was opened. */
function Unsubscribed({
  info,
  justNow,
  headingRef,
}: {
  info: UnsubscribeDto;
  justNow: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const organizer = info.organizer_name;
  const email = info.email;
  return (
    <Stack align="center" ta="center" gap="md" py="lg">
      <IconMailOff size={48} aria-hidden color="var(--mantine-color-violet-7)" />
      <Title order={1} size="h2" ref={headingRef} tabIndex={-1}>
        {justNow ? <Trans>You are unsubscribed</Trans> : <Trans>You are already unsubscribed</Trans>}
      </Title>
      <Text>
        <Trans>You won't receive such mails from {organizer} any more. Order and ticket mails still reach you.</Trans>
      </Text>
      <Text size="sm" c="dimmed">
        <Trans>Address: {email}</Trans>
      </Text>
    </Stack>
  );
}

/**
 * `/unsubscribe/:token`: the link at the foot of an organizer's reminders of abandoned orders and follow-ups. It asks
 * once more, then takes the address off that organizer's list; order and ticket mails are not affected.
 */
export default function UnsubscribePage({ token }: { token: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Unsubscribe`);
  const { data, error, loading, reload } = useLoaded(
    (signal) => fetchUnsubscribe(token, i18n.locale, signal),
    `${token}|${i18n.locale}`,
  );
  const [done, setDone] = useState<UnsubscribeDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The button went away: keyboard focus goes to what happened.
    if (done) heading.current?.focus();
  }, [done]);

  const info = done ?? data;
  if (loading && !info) return <UnsubscribeSkeleton />;
  if (!info) return <UnsubscribeMissing error={error} onRetry={reload} />;

  if (info.unsubscribed) {
    return (
      <CheckoutLayout>
        <Unsubscribed info={info} justNow={done !== null} headingRef={heading} />
      </CheckoutLayout>
    );
  }

  const confirm = async () => {
    setFailure(null);
    setBusy(true);
    try {
      setDone(await unsubscribe(token, i18n.locale));
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  const organizer = info.organizer_name;
  const email = info.email;

  return (
    <CheckoutLayout>
      <Title order={1} size="h2">
        <Trans>Unsubscribe</Trans>
      </Title>
      <Text>
        <Trans>
          Stop mails like reminders of abandoned orders and follow-ups from {organizer} to {email}?
        </Trans>
      </Text>
      <Text size="sm" c="dimmed">
        <Trans>Order and ticket mails still reach you either way.</Trans>
      </Text>
      <FormErrorAlert error={failure} />
      <Group>
        <Button loading={busy} onClick={() => void confirm()}>
          <Trans>Unsubscribe</Trans>
        </Button>
      </Group>
    </CheckoutLayout>
  );
}
