import '@mantine/core/styles/Skeleton.css';

import type { PublicWaitlistEntryDto } from '@admitone/shared';
import { formatDateRange, formatTimeZoneName } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { hasStatus } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-text';
import { usePageTitle } from '../../lib/use-page-title';
import { CheckoutLayout } from '../checkout/CheckoutLayout';
import { useLoaded } from '../lib/use-loaded';
import { LeaveWaitlist } from './LeaveWaitlist';
import { fetchWaitlistEntry } from './waitlist-api';
import { WaitlistEntryStatus } from './WaitlistEntryStatus';

/** Shown while the entry loads: the shape of the page. */
function EntrySkeleton() {
  const { t } = useLingui();
  return (
    <CheckoutLayout>
      <Stack gap="md" role="status" aria-label={t`Loading`} aria-busy>
        <Skeleton h={28} w="40%" />
        <Skeleton h={20} w="75%" />
        <Skeleton h={16} w="55%" />
        <Skeleton h={56} w={56} circle mx="auto" mt="md" />
        <Skeleton h={24} w="60%" mx="auto" />
        <Skeleton h={16} w="90%" mx="auto" />
      </Stack>
    </CheckoutLayout>
  );
}

/** The entry could not be shown: an unknown link, or a failed load with a retry. */
function EntryMissing({ error, onRetry }: { error: unknown; onRetry: () => void }) {
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
            <Trans>
              We could not find this place on a waitlist. Please use the link from your latest waitlist e-mail.
            </Trans>
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

/**
 * `/waitlist/:eventId/:token`: a place on a ticket's waitlist, by the link in its mails. The place in
 * line, or the offer with the way to its checkout, or how it ended; leaving while waiting or offered.
 */
export default function WaitlistEntryPage({ eventId, token }: { eventId: number; token: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Waitlist`);
  const { data, error, loading, reload } = useLoaded(
    (signal) => fetchWaitlistEntry(eventId, token, i18n.locale, signal),
    `${eventId}|${token}|${i18n.locale}`,
  );
  // The entry as leaving answered it (until loaded again).
  const [left, setLeft] = useState<PublicWaitlistEntryDto | null>(null);
  const [changed, setChanged] = useState<unknown>(null);
  const statusHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The leave button went away with the dialog: keyboard focus goes to the new state.
    if (left) statusHeading.current?.focus();
  }, [left]);

  const entry = left ?? data;
  if (loading && !entry) return <EntrySkeleton />;
  if (!entry) return <EntryMissing error={error} onRetry={reload} />;

  const date = formatDateRange(entry.event_start_date, null, entry.event_timezone, i18n.locale);
  const zone = formatTimeZoneName(entry.event_start_date, entry.event_timezone, i18n.locale);
  const ticketName = entry.tier_label ? `${entry.ticket_name} (${entry.tier_label})` : entry.ticket_name;

  return (
    <CheckoutLayout>
      <Title order={1} size="h2">
        <Trans>Waitlist</Trans>
      </Title>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {entry.event_title}
        </Title>
        <Text fw={500}>
          {date} ({zone}){entry.date_label ? ` · ${entry.date_label}` : ''}
        </Text>
        <Text c="dimmed">
          <Plural value={entry.quantity} one={`# ticket: ${ticketName}`} other={`# tickets: ${ticketName}`} />
        </Text>
      </Stack>
      <FormErrorAlert error={changed} />
      <WaitlistEntryStatus entry={entry} headingRef={statusHeading} />
      {(entry.state === 'WAITING' || entry.state === 'OFFERED') && (
        <>
          <Divider />
          <LeaveWaitlist
            entry={entry}
            token={token}
            onLeft={(next) => {
              setChanged(null);
              setLeft(next);
            }}
            onChanged={(err) => {
              setChanged(err);
              setLeft(null);
              reload();
            }}
          />
        </>
      )}
    </CheckoutLayout>
  );
}
