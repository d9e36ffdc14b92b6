import type { SeatDto } from '@admitone/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

/**
 * Where a ticket sits, in the active language (issue #40): "Stalls, row B, seat 12", "Row B, seat 12" (a section
 * without a name), "Ground floor, Pit" (a standing area: `seat` is '' and `row` names the area). '' for no seat.
 */
export function seatText(i18n: I18n, place: SeatDto | null | undefined): string {
  if (!place) return '';
  const { section, row, seat } = place;
  if (!seat) return section ? i18n._(msg`${section}, ${row}`) : row;
  return section ? i18n._(msg`${section}, row ${row}, seat ${seat}`) : i18n._(msg`Row ${row}, seat ${seat}`);
}

/** `seatText` bound to the UI's language. */
export function useSeatText(): (place: SeatDto | null | undefined) => string {
  const { i18n } = useLingui();
  return useCallback((place) => seatText(i18n, place), [i18n]);
}
