import type { SeatIndex, SeatInfo } from './seat-index';

export type Direction = 'up' | 'down' | 'left' | 'right';

const KEYS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/** The direction an arrow key moves in, or null for any other key. */
export const directionOf = (key: string): Direction | null => KEYS[key] ?? null;

/**
 * The seat an arrow key moves to from `from`: the nearest one lying in that direction (within 60° either side of
 * it), where a step sideways counts twice a step ahead, so the next seat of the same row wins over one diagonally
 * nearer. null when nothing lies that way (the edge of the plan).
 */
export function nearestInDirection(index: SeatIndex, from: SeatInfo, direction: Direction): SeatInfo | null {
  const [ax, ay] =
    direction === 'left' ? [-1, 0] : direction === 'right' ? [1, 0] : direction === 'up' ? [0, -1] : [0, 1];
  const epsilon = index.radius * 0.25;
  let best: SeatInfo | null = null;
  let bestScore = Infinity;
  for (const seat of index.seats) {
    const dx = seat.x - from.x;
    const dy = seat.y - from.y;
    const ahead = dx * ax + dy * ay;
    if (ahead <= epsilon) continue;
    const aside = Math.abs(dx * ay - dy * ax);
    // Further than 60° off the way the key points: not "that way".
    if (aside > ahead * 1.8) continue;
    const score = ahead + 2 * aside;
    if (score < bestScore) {
      best = seat;
      bestScore = score;
    }
  }
  return best;
}

/** Where the keyboard starts on the plan: the first seat chosen, else the first free one, else the first. */
export function firstFocus(index: SeatIndex, chosen: (seat: SeatInfo) => boolean, free: (seat: SeatInfo) => boolean) {
  return index.seats.find(chosen) ?? index.seats.find(free) ?? index.seats[0] ?? null;
}
