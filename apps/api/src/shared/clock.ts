/** Every read of "now" goes through a clock so tests can move time. */
export interface Clock {
  now(): Date;
  /**
   * True for the real time: SQL that judges time inside a transaction (is a hold over?) may then ask the
   * database's own clock, the one every process shares. A test clock leaves it unset and is used instead.
   */
  readonly real?: boolean;
}
export const systemClock: Clock = { now: () => new Date(), real: true };

/** A clock tests can set and advance. */
export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now() {
    return new Date(this.current);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
