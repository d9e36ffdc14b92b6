import { HOLD_WARNING_SECONDS } from '@admitone/shared';

/** How far the server's clock is ahead of this device's (ms), measured when the order arrived. */
export const clockOffset = (serverNowIso: string, deviceNow: number = Date.now()): number =>
  Date.parse(serverNowIso) - deviceNow;

/** Whole seconds left on the hold, never below zero, by the server's clock. */
export function secondsLeft(reservedUntilIso: string, offsetMs: number, deviceNow: number = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(reservedUntilIso) - (deviceNow + offsetMs)) / 1000));
}

/** "4:05" / "12:00": minutes and seconds, as the countdown shows them. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export const isWarning = (seconds: number): boolean => seconds > 0 && seconds <= HOLD_WARNING_SECONDS;

/**
 * What the screen-reader live region should say at `seconds` left: whole minutes when a minute
 * boundary is crossed, the warning once the warning window opens, and nothing on other ticks.
 * The key changes only when something new should be announced.
 */
export function announcementKey(seconds: number): string | null {
  if (seconds <= 0) return 'expired';
  if (isWarning(seconds)) return 'warning';
  return `minutes:${Math.ceil(seconds / 60)}`;
}
