import { useCallback, useEffect, useRef, useState } from 'react';

import { allFree, type Availability, availabilityOf } from './availability';
import { fetchAvailability } from './seating-api';

/** How often an open picker asks what others took (the issue: seen within 2 seconds). */
export const AVAILABILITY_POLL_MS = 2_000;

/**
 * What is free on the date, asked now and every 2 seconds while the page is visible (at once again when it comes
 * back); `refresh` asks at once (after a seat was lost). One request at a time; a failed one waits for the next turn.
 */
export function useSeatAvailability(eventId: number, dateId: number | null) {
  const [availability, setAvailability] = useState<Availability>(allFree);
  const [loaded, setLoaded] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const lastKey = useRef('');

  const refresh = useCallback(async () => {
    if (dateId === null || inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const answer = await fetchAvailability(eventId, dateId, controller.signal);
      if (!controller.signal.aborted) {
        // The same answer keeps the same object: nothing is drawn again (most polls change nothing).
        const key = JSON.stringify([answer.unavailable, answer.standing]);
        if (key !== lastKey.current) {
          lastKey.current = key;
          setAvailability(availabilityOf(answer));
        }
        setLoaded(true);
      }
    } catch {
      // Offline for a moment, or the page is going away: the next turn asks again.
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, [eventId, dateId]);

  useEffect(() => {
    if (dateId === null) return;
    void refresh();
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') void refresh();
    }, AVAILABILITY_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [dateId, refresh]);

  /** Asks at once, even while a turn is under way (its answer may predate what just happened). */
  const refreshNow = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    void refresh();
  }, [refresh]);

  return { availability, loaded, refresh: refreshNow };
}
