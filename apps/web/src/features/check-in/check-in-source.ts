import { createContext, useContext } from 'react';

import type { CheckInEndpoints } from './api/check-in';

/**
 * One check-in screen's list and who is at the door: a list of the event for a signed-in organizer or
 * door-staff member, or a list opened with its staff link. The screen's parts (count, list, scanner,
 * results) read it from context, so none of them asks who is signed in (a staff link has no one).
 */
export interface CheckInSource {
  /** The cache key prefix of this list's reads (count and attendees). */
  key: readonly unknown[];
  /** The offline queue of this list on this device. */
  queueKey: string;
  endpoints: CheckInEndpoints;
  /** The caller manages the event (may mark orders as paid); door staff and staff links may not. */
  managesOrders: boolean;
  /**
   * The caller may admit a refused ticket anyway, with a reason (admins and organizers: `events.manage`); never door
   * staff nor a staff link.
   */
  admitsAnyway?: boolean;
  /** The search matches e-mail addresses (not through a staff link, which sees none). */
  searchesEmails: boolean;
  /** Other cached reads a check-in changes (the organizer's attendee list, the lists' counts). */
  related: ReadonlyArray<readonly unknown[]>;
}

export const CheckInSourceContext = createContext<CheckInSource | null>(null);

/** The screen's source; the parts of the check-in screen are only used inside one. */
export function useCheckInSource(): CheckInSource {
  const source = useContext(CheckInSourceContext);
  if (!source) throw new Error('useCheckInSource outside a CheckInSourceContext');
  return source;
}

/** Whether the screen's caller may mark orders as paid (false outside a check-in screen). */
export const useManagesOrders = () => useContext(CheckInSourceContext)?.managesOrders ?? false;

/** Whether the screen's caller may admit a refused ticket anyway (false outside a check-in screen). */
export const useAdmitsAnyway = () => useContext(CheckInSourceContext)?.admitsAnyway ?? false;
