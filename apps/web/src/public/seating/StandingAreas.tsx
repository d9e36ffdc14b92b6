import { formatMoney, LIMITS } from '@admitone/shared';
import { Plural, useLingui } from '@lingui/react/macro';
import { Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';

import { QuantityStepper } from '../selector/QuantityStepper';
import { standingLeft } from './availability';
import { withStanding } from './seat-choice';
import type { SeatPickerModel } from './use-seat-picker';

/** Standing areas on sale: name, price, places left, and how many places the buyer takes. */
export const StandingAreas = memo(function StandingAreas({
  model,
  currency,
}: {
  model: SeatPickerModel;
  currency: string;
}) {
  const { i18n } = useLingui();
  const { index, lines, availability, places } = model;
  if (!index) return null;
  const areas = index.standing.filter((s) => lines[s.category]);
  if (!areas.length) return null;
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {areas.map((area) => {
        const left = standingLeft(availability, index, area.id);
        const count = places[area.id] ?? 0;
        return (
          <Group key={area.id} component="li" justify="space-between" wrap="nowrap" data-testid="standing-area">
            <Stack gap={2}>
              <Text fw={600}>{area.name}</Text>
              <Text size="sm" c="dimmed">
                {formatMoney(lines[area.category]!.price, currency, i18n.locale)} ·{' '}
                <Plural value={left} one="# place left" other="# places left" />
              </Text>
            </Stack>
            <QuantityStepper
              name={area.name}
              value={count}
              min={1}
              max={Math.min(left, LIMITS.ORDER_UNITS_MAX)}
              onChange={(q) => model.choose((current) => withStanding(current, area.id, q))}
              limitId={`standing-${area.id}-limit`}
            />
          </Group>
        );
      })}
    </Stack>
  );
});
