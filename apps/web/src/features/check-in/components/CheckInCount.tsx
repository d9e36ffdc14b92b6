import '@mantine/core/styles/RingProgress.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';

import { formatNumber, wholePercent } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Center, Group, Progress, RingProgress, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { STATS_POLL_MS } from '../api/check-in';
import { useCheckInSource } from '../check-in-source';

/**
 * The live count on the screen's list: checked in / valid tickets, a ring, and a bar per ticket; polled every few
 * seconds. `compact` (a phone, under the search): the figures and one bar, in a line's height. `dateId`: the tickets
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
        {s.by_ticket.length > 1 ? (
          <Stack gap="sm">
            {s.by_ticket.map((tk) => {
              const name = tk.ticket_name;
              const value = wholePercent(tk.checked_in, tk.total);
              const inCount = number(tk.checked_in);
              const of = number(tk.total);
              return (
                <div key={tk.ticket_id}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" truncate>
                      {name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {inCount} / {of}
                    </Text>
                  </Group>
                  <Progress
                    value={value}
                    size="sm"
                    color="violet"
                    aria-label={t`${name}: ${inCount} of ${of} checked in`}
                  />
                </div>
              );
            })}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
