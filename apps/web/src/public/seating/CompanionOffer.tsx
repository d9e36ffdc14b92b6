import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconWheelchair } from '@tabler/icons-react';
import { memo } from 'react';

import { companionSeats, isWheelchair, MAX_COMPANIONS } from './companions';
import { toggleSeat } from './seat-choice';
import type { SeatText } from './seat-text';
import type { SeatPickerModel } from './use-seat-picker';

/** For each wheelchair space chosen: the companion seats beside it, up to three, to choose with it. */
export const CompanionOffer = memo(function CompanionOffer({
  model,
  text,
}: {
  model: SeatPickerModel;
  text: SeatText;
}) {
  const { t } = useLingui();
  const { index, chosen, places, isFree } = model;
  if (!index) return null;
  const offers = chosen
    .filter(isWheelchair)
    .map((space) => ({ space, seats: companionSeats(index, space, (s) => isFree(s) || Boolean(places[s.id])) }))
    .filter((o) => o.seats.length > 0);
  if (!offers.length) return null;
  return (
    <Stack gap="xs">
      {offers.map(({ space, seats }) => {
        const name = text.seatName(space);
        return (
          <Paper key={space.id} withBorder p="sm" radius="md" data-testid="companion-offer">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconWheelchair size={20} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
              <Stack gap={6}>
                <Text size="sm" fw={600} id={`companions-${space.id}`}>
                  <Trans>
                    {name} is a wheelchair space. Add up to {MAX_COMPANIONS} companion seats beside it:
                  </Trans>
                </Text>
                <Group gap="md" role="group" aria-labelledby={`companions-${space.id}`}>
                  {seats.map((seat) => {
                    const number = seat.number;
                    return (
                      <Checkbox
                        key={seat.id}
                        label={t`Seat ${number}`}
                        aria-label={text.seatName(seat)}
                        checked={Boolean(places[seat.id])}
                        onChange={() => model.choose((current) => toggleSeat(current, index, seat, isFree))}
                      />
                    );
                  })}
                </Group>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
});
