import '@mantine/core/styles/RingProgress.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';

import { type CheckInStatsDto, formatNumber, wholePercent } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  Center,
  Collapse,
  Group,
  Progress,
  RingProgress,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { STATS_POLL_MS } from '../api/check-in';
import { useCheckInSource } from '../check-in-source';

/**
 * The live count on the screen's list: checked in / valid tickets, a ring, and a bar per ticket; polled every few
 * seconds. `compact` (a phone, under the search): the figures and one bar, in a line's height, and the bars per ticket
 * behind a button (folded: the search and the list stay near the top). `dateId`: the tickets
 * of the date the door checks in only (null: that date is not known yet, the count waits).
 */
export function CheckInCount({ compact = false, dateId }: { compact?: boolean; dateId?: number | null }) {
  const { t, i18n } = useLingui();
  const source = useCheckInSource();
  const stats = useQuery({
    queryKey: [...source.key, 'stats', dateId ?? 'all'],
    queryFn: () => source.endpoints.stats(dateId ?? undefined),
    refetchInterval: STATS_POLL_MS,
    enabled: dateId !== null,
  });
  const number = (n: number) => formatNumber(n, i18n.locale);
  if (stats.isPending) {
    if (compact)
      return (
        <Card withBorder radius="md" padding="sm">
          <Skeleton height={14} width="60%" />
          <Skeleton height={8} mt="xs" />
        </Card>
      );
    return (
      <Card withBorder radius="md" padding="lg">
        <Center>
          <Skeleton circle height={150} />
        </Center>
        <Skeleton height={14} mt="md" />
        <Skeleton height={14} mt="xs" width="70%" />
      </Card>
    );
  }
  // Offline, the last count stays on screen (polling resumes with the connection).
  if (!stats.data) return <FormErrorAlert error={stats.error} />;
  const s = stats.data;
  const checked = number(s.checked_in);
  const total = number(s.total);
  const share = wholePercent(s.checked_in, s.total);
  if (compact) {
    return (
      <Card withBorder radius="md" padding="sm" data-testid="check-in-count">
        {/* The figures are drawn for the eye; the hidden sentence is what assistive technology reads. */}
        <Group gap="xs" wrap="nowrap" align="baseline" aria-hidden>
          <Text fz={22} fw={700} lh={1.1} data-testid="check-in-count-value" style={{ whiteSpace: 'nowrap' }}>
            {checked} / {total}
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>checked in</Trans>
          </Text>
        </Group>
        <VisuallyHidden>{t`${checked} of ${total} attendees checked in (${share}%)`}</VisuallyHidden>
        <Progress value={share} size="sm" color="violet" mt="xs" aria-hidden />
        {s.by_ticket.length > 1 ? <FoldedTicketBars byTicket={s.by_ticket} /> : null}
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" data-testid="check-in-count">
      <Stack gap="md" align="stretch">
        <Center>
          <RingProgress
            size={170}
            thickness={14}
            roundCaps
            sections={[{ value: share, color: 'violet' }]}
            label={
              <Stack gap={0} align="center">
                <Text fz={30} fw={700} lh={1.1} data-testid="check-in-count-value">
                  {checked} / {total}
                </Text>
                <Text size="sm" c="dimmed">
                  <Trans>checked in</Trans>
                </Text>
              </Stack>
            }
            aria-hidden
          />
        </Center>
        {/* The ring is drawn for the eye; this sentence is what assistive technology reads. */}
        <Text ta="center" fw={600}>
          {t`${checked} of ${total} attendees checked in (${share}%)`}
        </Text>
        {s.by_ticket.length > 1 ? <TicketBars byTicket={s.by_ticket} /> : null}
      </Stack>
    </Card>
  );
}

type ByTicket = CheckInStatsDto['by_ticket'];

/** A bar per ticket: its name, checked in / valid, and the share as a labelled progress bar. */
function TicketBars({ byTicket }: { byTicket: ByTicket }) {
  const { t, i18n } = useLingui();
  const number = (n: number) => formatNumber(n, i18n.locale);
  return (
    <Stack gap="sm">
      {byTicket.map((tk) => {
        const name = tk.ticket_name;
        const inCount = number(tk.checked_in);
        const of = number(tk.total);
        return (
          <div key={tk.ticket_id}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>
                {name}
              </Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {inCount} / {of}
              </Text>
            </Group>
            <Progress
              value={wholePercent(tk.checked_in, tk.total)}
              size="sm"
              color="violet"
              aria-label={t`${name}: ${inCount} of ${of} checked in`}
            />
          </div>
        );
      })}
    </Stack>
  );
}

/** On a phone: "By ticket" opens the bars under the count (a disclosure button, its state announced). */
function FoldedTicketBars({ byTicket }: { byTicket: ByTicket }) {
  const [open, { toggle }] = useDisclosure(false);
  const id = useId();
  const Icon = open ? IconChevronUp : IconChevronDown;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        mt={6}
        px={4}
        onClick={toggle}
        aria-expanded={open}
        aria-controls={id}
        rightSection={<Icon size={14} aria-hidden />}
      >
        <Trans>By ticket</Trans>
      </Button>
      <Collapse expanded={open} id={id} mt={open ? 'xs' : 0}>
        <TicketBars byTicket={byTicket} />
      </Collapse>
    </>
  );
}
