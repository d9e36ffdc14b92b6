import type { CheckInDateDto } from '@admitone/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { useCheckInSource } from '../check-in-source';
import { chosenDoorDate, doorDateStore } from '../door-date';

/** The event's dates change seldom: read again when the screen is opened anew, or after this long. */
const DATES_STALE_MS = 5 * 60_000;

export interface DoorDate {
  /** The event's dates by start (undefined while they load, or when they could not be read). */
  dates: CheckInDateDto[] | undefined;
  /**
   * The date the screen checks in: its id; undefined with one date or when the dates could not be read (the server
   * then judges by the day); null while they load.
   */
  dateId: number | undefined | null;
  choose: (dateId: number) => void;
  error: unknown;
}

/**
 * The date a check-in screen checks in, for an event with several dates (`several`): the one chosen at this door
 * (kept per event for the tab), else the one running when the screen opened, else the next one ahead, else the last.
 */
export function useDoorDate(eventId: number, timeZone: string, several: boolean): DoorDate {
  const source = useCheckInSource();
  const dates = useQuery({
    queryKey: ['check-in-dates', source.queueKey],
    queryFn: source.endpoints.dates,
    enabled: several,
    staleTime: DATES_STALE_MS,
  });
  const [openedAt] = useState(() => new Date());
  const [picked, setPicked] = useState<number | null>(null);
  const choose = (dateId: number) => {
    doorDateStore.set(eventId, dateId);
    setPicked(dateId);
  };
  const list = dates.data;
  let dateId: DoorDate['dateId'] = undefined;
  if (several && list) {
    dateId = list.some((d) => d.id === picked) ? picked : chosenDoorDate(eventId, list, openedAt, timeZone);
    dateId ??= undefined;
  } else if (several && dates.isPending) dateId = null;
  return { dates: list, dateId, choose, error: dates.error };
}
