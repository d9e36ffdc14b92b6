import type { SeatDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';

import { seatText } from '../../../lib/seat-text';
import type { MapPlace, SeatState } from './map-model';

/** How the seat map words places and states (the names screen readers hear and the titles the mouse shows). */
export function useSeatWords() {
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const states: Record<SeatState, string> = {
      FREE: t`Available`,
      SOLD: t`Sold`,
      RESERVED: t`In a checkout`,
      HELD: t`Held`,
      KILLED: t`Killed`,
    };
    const place = (seat: SeatDto) => seatText(i18n, seat);
    /** "Stalls, row A, seat 3: held (Press)", "…: sold to Ada Lovelace". */
    const describe = (p: MapPlace) => {
      const where = place(p.seat);
      const state = states[p.state];
      const who = p.attendees.map((a) => a.name).join(', ');
      if (p.hold) {
        const hold = p.hold;
        return t`${where}: ${state} (${hold})`;
      }
      return who ? t`${where}: ${state}, ${who}` : t`${where}: ${state}`;
    };
    return { states, place, describe };
  }, [t, i18n]);
}
