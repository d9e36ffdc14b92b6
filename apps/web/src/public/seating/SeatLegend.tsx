import { formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { memo, useMemo } from 'react';

import { SeatMark } from './SeatMarks';
import type { SeatPickerModel } from './use-seat-picker';

/** What the colours and marks mean: each category with its price (or "not on sale"), taken seats, the buyer's own. */
export const SeatLegend = memo(function SeatLegend({
  plan,
  index,
  lines,
  colours,
  currency,
}: Pick<SeatPickerModel, 'plan' | 'index' | 'lines' | 'colours'> & { currency: string }) {
  const { i18n } = useLingui();
  const used = useMemo(
    () => new Set([...(index?.seats ?? []).map((s) => s.category), ...(index?.standing ?? []).map((s) => s.category)]),
    [index],
  );
  const wheelchair = useMemo(() => index?.seats.find((s) => s.features.includes('WHEELCHAIR')), [index]);
  if (!plan || !index) return null;
  return (
    <Group component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none', rowGap: 4 }} data-testid="seat-legend">
      {plan.categories.map((category, i) => {
        if (!used.has(i)) return null;
        const line = lines[i];
        return (
          <Group key={i} component="li" gap={6} wrap="nowrap" mr="sm">
            <SeatMark state={line ? 'free' : 'taken'} colour={colours[i]} />
            <Text size="sm" fw={600}>
              {category.name}
            </Text>
            <Text size="sm" c="dimmed">
              {line ? formatMoney(line.price, currency, i18n.locale) : <Trans>not on sale</Trans>}
            </Text>
          </Group>
        );
      })}
      {wheelchair ? (
        <Group component="li" gap={6} wrap="nowrap" mr="sm">
          <SeatMark state="wheelchair" colour={colours[wheelchair.category]} />
          <Text size="sm">
            <Trans>Wheelchair space</Trans>
          </Text>
        </Group>
      ) : null}
      <Group component="li" gap={6} wrap="nowrap" mr="sm">
        <SeatMark state="taken" />
        <Text size="sm">
          <Trans>Taken</Trans>
        </Text>
      </Group>
      <Group component="li" gap={6} wrap="nowrap">
        <SeatMark state="chosen" colour={colours[0]} />
        <Text size="sm">
          <Trans>Your seats</Trans>
        </Text>
      </Group>
    </Group>
  );
});
