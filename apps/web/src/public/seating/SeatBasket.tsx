import { formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { memo } from 'react';

import { toggleSeat, withStanding } from './seat-choice';
import { placeCategory } from './seat-lines';
import type { SeatText } from './seat-text';
import type { SeatPickerModel } from './use-seat-picker';

/** The places chosen, each with its section, row, seat and price, and a button to give it back. */
export const SeatBasket = memo(function SeatBasket({
  model,
  text,
  currency,
  headingLevel,
}: {
  model: SeatPickerModel;
  text: SeatText;
  currency: string;
  headingLevel: 3 | 4;
}) {
  const { t, i18n } = useLingui();
  const { index, lines, places, isFree, plan } = model;
  if (!index || !plan) return null;
  const entries = Object.entries(places).map(([id, count]) => ({ id: Number(id), count }));
  if (!entries.length) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby="seat-basket-heading" data-testid="seat-basket">
      <Title order={headingLevel} fz="md" id="seat-basket-heading">
        <Trans>Your seats</Trans>
      </Title>
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {entries.map(({ id, count }) => {
          const category = placeCategory(index, id);
          const line = lines[category];
          const seatIndex = index.byId.get(id);
          const seat = seatIndex === undefined ? null : index.seats[seatIndex]!;
          const name = text.placeName(id);
          return (
            <Group
              key={id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              py={4}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="basket-seat"
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {seat ? name : `${name} × ${count}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {plan.categories[category]?.name}
                  {seat?.features.length ? ` · ${text.features(seat)}` : ''}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Text size="sm">{line ? formatMoney(line.price * count, currency, i18n.locale) : ''}</Text>
                <Button
                  variant="subtle"
                  color="gray"
                  size="compact-sm"
                  aria-label={t`Remove ${name}`}
                  onClick={() =>
                    model.choose((current) =>
                      seat ? toggleSeat(current, index, seat, isFree) : withStanding(current, id, 0),
                    )
                  }
                >
                  <IconX size={16} aria-hidden />
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
});
