import type { SeatFeature } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';

import { seatText } from '../../lib/seat-text';
import type { SeatIndex, SeatInfo } from './seat-index';

/** The words for a seat, in the buyer's language: where it is, and what it offers. */
export function useSeatText(index: SeatIndex | null) {
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const featureNames: Record<SeatFeature, string> = {
      WHEELCHAIR: t`Wheelchair space`,
      COMPANION: t`Companion seat`,
      AISLE: t`Aisle seat`,
      RESTRICTED_VIEW: t`Restricted view`,
      HEARING: t`Hearing assistance`,
      SIGHT: t`Low vision`,
    };
    const section = (seat: SeatInfo) => index?.zones[seat.zone]?.name ?? '';
    /** "Stalls, row B, seat 12", as the order and the tickets name it (lib/seat-text.ts). */
    const seatName = (seat: SeatInfo) =>
      seatText(i18n, { section: section(seat), row: index?.rows[seat.row]?.label ?? '', seat: seat.number });
    /** A place by id: a seat as above, or a standing area's name. */
    const placeName = (id: number) => {
      const i = index?.byId.get(id);
      if (i !== undefined) return seatName(index!.seats[i]!);
      return index?.standingById.get(id)?.name ?? String(id);
    };
    const features = (seat: SeatInfo) => seat.features.map((f) => featureNames[f]).join(', ');
    return { section, seatName, placeName, features, featureNames };
  }, [t, i18n, index]);
}

export type SeatText = ReturnType<typeof useSeatText>;
