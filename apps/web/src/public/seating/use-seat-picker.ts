import type { PublicEventDto, PublicSeatingDto } from '@admitone/shared';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';

import { keepAvailable } from './availability';
import { noPlaces, type Places, withoutPlaces } from './seat-choice';
import { indexSeating, type SeatIndex, type SeatInfo } from './seat-index';
import { categoryColour, categoryLines, seatsByLine } from './seat-lines';
import { fetchSeating } from './seating-api';
import { useSeatAvailability } from './use-seat-availability';

/** The seats among the places chosen, in plan order of choosing. */
const chosenSeats = (index: SeatIndex | null, places: Places) =>
  index
    ? Object.keys(places)
        .map((id) => index.byId.get(Number(id)))
        .filter((i) => i !== undefined)
        .map((i) => index.seats[i]!)
    : [];

type PlanState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; plan: PublicSeatingDto; index: SeatIndex };

/** Plans fetched on this page, by event (the same for every date; never changes for a version). */
const plans = new Map<number, Promise<PublicSeatingDto>>();

function usePlan(eventId: number) {
  const [state, setState] = useState<PlanState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    let request = plans.get(eventId);
    if (!request) {
      request = fetchSeating(eventId);
      plans.set(eventId, request);
    }
    request.then(
      (plan) => live && setState({ status: 'ready', plan, index: indexSeating(plan) }),
      () => {
        plans.delete(eventId);
        if (live) setState({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [eventId, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  return { state, retry };
}

/**
 * Everything the seat picker knows: the plan (fetched once), what is free on the chosen date (asked every 2
 * seconds), what each category sells as, and the places chosen. Seats others take while the buyer looks are dropped
 * from the choice and remembered in `lostToOthers`; `onSeats` hears the choice as reservation lines.
 */
export function useSeatPicker(event: PublicEventDto, onSeats: (seats: Record<string, number[]>) => void) {
  const { state, retry } = usePlan(event.id);
  const dateId = event.dates.chosen?.id ?? null;
  const { availability, refresh } = useSeatAvailability(event.id, dateId);
  const [places, setPlaces] = useState<Places>(noPlaces);
  const [lostToOthers, setLostToOthers] = useState<number[]>([]);
  const plan = state.status === 'ready' ? state.plan : null;
  const index = state.status === 'ready' ? state.index : null;
  const lines = useMemo(() => (plan ? categoryLines(plan, event) : []), [plan, event]);
  const colours = useMemo(() => (plan ? plan.categories.map((_, i) => categoryColour(plan, i)) : []), [plan]);
  const isFree = useCallback(
    (seat: SeatInfo) => Boolean(lines[seat.category]) && !availability.unavailable.has(seat.id),
    [lines, availability],
  );

  // Someone else took a seat the buyer had chosen: it leaves the choice, and the buyer is told.
  useEffect(() => {
    if (!index) return;
    setPlaces((current) => {
      const kept = keepAvailable(current, availability, index);
      if (kept.lost.length) setLostToOthers(kept.lost);
      return kept.places;
    });
  }, [availability, index]);

  // The map shows a tap at once; the basket, the tickets' counts and the total follow in the next render.
  const settled = useDeferredValue(places);
  const seatLines = useMemo(() => (index ? seatsByLine(settled, index, lines) : {}), [settled, index, lines]);
  useEffect(() => onSeats(seatLines), [seatLines, onSeats]);

  /** A new choice, or a change of the current one (`(places) => next`). */
  const choose = useCallback((next: Places | ((current: Places) => Places)) => {
    setLostToOthers((lost) => (lost.length ? [] : lost));
    setPlaces(next);
  }, []);
  /** Places a reservation was refused (another buyer was quicker): out of the choice, and availability asked again. */
  const lose = useCallback(
    (ids: number[]) => {
      setPlaces((current) => withoutPlaces(current, ids));
      refresh();
    },
    [refresh],
  );
  const chosen = useMemo(() => chosenSeats(index, places), [places, index]);
  const settledChosen = useMemo(() => chosenSeats(index, settled), [settled, index]);

  return {
    state,
    retry,
    plan,
    index,
    lines,
    colours,
    availability,
    isFree,
    places,
    chosen,
    /** The choice as the basket shows it (a render behind a tap). */
    settled,
    settledChosen,
    choose,
    lose,
    lostToOthers,
    dismissLost: () => setLostToOthers([]),
  };
}

export type SeatPickerModel = ReturnType<typeof useSeatPicker>;
