import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SegmentedControl.css';

import { formatMoney, type PublicEventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { memo, type Ref, useCallback, useImperativeHandle, useMemo, useState } from 'react';

import { Notice } from '../components/Notice';
import { BestAvailableForm } from './BestAvailableForm';
import { CompanionOffer } from './CompanionOffer';
import { toggleSeat } from './seat-choice';
import type { SeatInfo } from './seat-index';
import { useSeatText } from './seat-text';
import { SeatBasket } from './SeatBasket';
import { SeatLegend } from './SeatLegend';
import { SeatList } from './SeatList';
import { SeatMap } from './SeatMap';
import { StandingAreas } from './StandingAreas';
import { useSeatPicker } from './use-seat-picker';

type Mode = 'plan' | 'list';

/** "Plan" or "List" (drawn again only when switched: a tap on a seat leaves it alone). */
const ViewSwitch = memo(function ViewSwitch({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const { t } = useLingui();
  return (
    <SegmentedControl
      value={mode}
      onChange={(value) => onChange(value as Mode)}
      data={[
        { value: 'plan', label: t`Plan` },
        { value: 'list', label: t`List` },
      ]}
      aria-label={t`Show the seats as`}
      fullWidth
    />
  );
});

/** What the ticket selector may ask of the picker. */
export interface SeatPickerHandle {
  /** Places a reservation was refused (someone else was quicker): dropped, availability asked again; their names. */
  lose: (ids: number[]) => string[];
}

interface SeatPickerProps {
  event: PublicEventDto;
  /** The places chosen, as reservation lines (line key -> place ids). */
  onSeats: (seats: Record<string, number[]>) => void;
  headingLevel: 2 | 3;
  ref?: Ref<SeatPickerHandle>;
}

/**
 * The buyer's seat picker for the chosen date: the legend, best available, the plan (or the same as a list),
 * companion seats for a wheelchair space, standing areas, and the seats chosen.
 */
function SeatPicker({ event, onSeats, headingLevel, ref }: SeatPickerProps) {
  const { t, i18n } = useLingui();
  const model = useSeatPicker(event, onSeats);
  const text = useSeatText(model.index);
  const [mode, setMode] = useState<Mode>('plan');
  const [show, setShow] = useState<{ seats: SeatInfo[] } | null>(null);
  const { index, plan, lines, isFree, places, choose, lose } = model;
  const dateId = event.dates.chosen?.id ?? null;

  useImperativeHandle(ref, () => ({
    lose: (ids) => {
      lose(ids);
      return [...new Set(ids)].map(text.placeName);
    },
  }));

  const describe = useCallback(
    (seat: SeatInfo) => {
      const line = lines[seat.category];
      const state = places[seat.id] ? t`chosen` : !line ? t`not on sale` : isFree(seat) ? t`free` : t`taken`;
      const parts = [
        text.seatName(seat),
        plan?.categories[seat.category]?.name,
        line ? formatMoney(line.price, event.currency, i18n.locale) : null,
        text.features(seat) || null,
        state,
      ];
      return parts.filter(Boolean).join(', ');
    },
    [lines, places, isFree, text, plan, event.currency, i18n.locale, t],
  );
  const onToggle = useCallback(
    (seat: SeatInfo) => {
      if (index) choose(toggleSeat(places, index, seat, isFree));
    },
    [index, places, isFree, choose],
  );
  // What follows the map a render later (the basket, companions, standing places): unchanged while a tap paints.
  const { settled, settledChosen, availability, colours, state: planState } = model;
  const later = useMemo(
    () => ({ ...model, places: settled, chosen: settledChosen }),
    // The model's other parts are stable between choices (plan, lines, availability, callbacks).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [settled, settledChosen, index, lines, isFree, availability, colours, planState],
  );
  const onFound = useCallback((seats: SeatInfo[]) => setShow({ seats }), []);
  const lost = useMemo(
    () => [...new Set(model.lostToOthers)].map(text.placeName).join('; '),
    [model.lostToOthers, text],
  );

  if (model.state.status === 'loading') {
    return (
      <Center mih={120}>
        <Loader role="progressbar" aria-label={t`Loading the seating plan`} />
      </Center>
    );
  }
  if (model.state.status === 'error' || !index || !plan || dateId === null) {
    return (
      <Group gap="sm">
        <Text>
          <Trans>The seating plan could not be loaded.</Trans>
        </Text>
        <Button variant="default" size="compact-sm" onClick={model.retry}>
          <Trans>Try again</Trans>
        </Button>
      </Group>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="seat-picker-heading" data-testid="seat-picker">
      <Title order={headingLevel} fz="lg" id="seat-picker-heading">
        <Trans>Choose your seats</Trans>
      </Title>
      <SeatLegend plan={plan} index={index} lines={lines} colours={model.colours} currency={event.currency} />
      <BestAvailableForm
        plan={plan}
        index={index}
        lines={lines}
        choose={choose}
        eventId={event.id}
        dateId={dateId}
        currency={event.currency}
        onFound={onFound}
      />
      <ViewSwitch mode={mode} onChange={setMode} />
      {mode === 'plan' ? (
        <SeatMap
          plan={plan}
          index={index}
          colours={model.colours}
          isFree={isFree}
          chosen={model.chosen}
          onToggle={onToggle}
          describe={describe}
          show={show}
        />
      ) : (
        <SeatList model={model} text={text} currency={event.currency} />
      )}
      {lost ? (
        <Notice>
          <Trans>Someone else has just taken {lost}. It is no longer among your seats.</Trans>
        </Notice>
      ) : null}
      <CompanionOffer model={later} text={text} />
      <StandingAreas model={later} currency={event.currency} />
      <SeatBasket model={later} text={text} currency={event.currency} headingLevel={headingLevel === 2 ? 3 : 4} />
    </Stack>
  );
}

/** Drawn again only when its own props change (not when the selector's total does). */
export default memo(SeatPicker);
