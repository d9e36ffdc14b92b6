import { todayIn } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

import type { ReportPeriod } from '../api/reports';
import { PERIOD_PRESETS, type PeriodPreset, periodProblem, presetOf, presetPeriod } from '../report-period';

interface PeriodChooserProps {
  period: ReportPeriod;
  /** A whole period (a quick choice) or the one day that changed. */
  onChange: (period: Partial<ReportPeriod>) => void;
  /** The zone "today" and the quick choices are counted in. */
  timeZone: string;
  /** Says in which time zone the days are read. */
  note: ReactNode;
}

/** The period of the reports: quick choices (all time, the last 7, 30 or 90 days) or two days, both included. */
export function PeriodChooser({ period, onChange, timeZone, note }: PeriodChooserProps) {
  const { t } = useLingui();
  const headingId = useId();
  const today = todayIn(timeZone);
  const active = presetOf(period, today);
  const labels: Record<PeriodPreset, string> = {
    all: t`All time`,
    'last-7': t`Last 7 days`,
    'last-30': t`Last 30 days`,
    'last-90': t`Last 90 days`,
  };
  const problem = periodProblem(period);
  const toError =
    problem === 'order'
      ? t`The last day must not be before the first.`
      : problem === 'length'
        ? t`Choose a period of at most 10 years.`
        : undefined;
  const day = (value: string) => (value ? value : null);
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-labelledby={headingId} data-testid="report-period">
      <Stack gap="sm">
        <Group gap="xs" align="center">
          <IconCalendar size={18} aria-hidden />
          <Text fw={600} id={headingId}>
            <Trans>Period</Trans>
          </Text>
        </Group>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Group gap={6} wrap="wrap" role="group" aria-label={t`Quick periods`}>
            {PERIOD_PRESETS.map((p) => (
              <Button
                key={p}
                size="sm"
                variant={active === p ? 'filled' : 'default'}
                aria-pressed={active === p}
                onClick={() => onChange(presetPeriod(p, today))}
              >
                {labels[p]}
              </Button>
            ))}
          </Group>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              type="date"
              label={t`First day`}
              value={period.from ?? ''}
              max={period.to ?? undefined}
              onChange={(e) => onChange({ from: day(e.currentTarget.value) })}
              w={170}
            />
            <TextInput
              type="date"
              label={t`Last day`}
              value={period.to ?? ''}
              min={period.from ?? undefined}
              onChange={(e) => onChange({ to: day(e.currentTarget.value) })}
              error={toError}
              w={170}
            />
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      </Stack>
    </Card>
  );
}
