import type { MailLane } from '../mail/outbox.js';
import { drainLane, type MailDeliveryDeps } from './mail-delivery.js';

/**
 * Bulk mails a loop claims at once (one statement for eight): fewer statements for the database while a
 * sell-out's mail goes out beside the reservations. Urgent mail is claimed one at a time: each is sent
 * the moment it can be.
 */
export const BULK_CLAIM_BATCH = 8;

/**
 * The workers of one mail lane in this process: up to `concurrency` loops, each claiming a due message
 * of the lane (SKIP LOCKED, so loops here and in other processes never take the same one), sending it,
 * and claiming the next until the lane is empty. `kick()` (after a commit, a job-queue nudge or the
 * sweep) starts loops up to the limit; a loop that finds the lane empty just as a kick arrives looks
 * once more, so no kick is lost. The urgent lane has loops of its own, which bulk never occupies.
 */
export class LaneWorkers {
  private running = 0;
  private again = false;
  private stopped = false;
  private idle: Array<() => void> = [];

  constructor(
    private readonly deps: MailDeliveryDeps,
    readonly lane: MailLane,
    readonly concurrency: number,
    private readonly onError: (err: unknown) => void,
    /** Awaited before each batch the loops claim (bulk mail: yieldWhileBusy in cpu-pressure.ts). */
    private readonly beforeBatch?: () => Promise<void>,
  ) {}

  kick(): void {
    if (this.stopped) return;
    this.again = true;
    while (this.running < this.concurrency) {
      this.running++;
      void this.loop();
    }
  }

  /** Loops running now (for tests and logs). */
  get active(): number {
    return this.running;
  }

  private async loop() {
    try {
      for (;;) {
        this.again = false;
        const sent = await drainLane(
          this.deps,
          this.lane,
          this.lane === 'bulk' ? BULK_CLAIM_BATCH : 1,
          () => this.stopped,
          this.beforeBatch,
        );
        if (this.stopped || (!sent && !this.again)) break;
      }
    } catch (err) {
      this.onError(err);
    } finally {
      this.running--;
      if (!this.running) this.idle.splice(0).forEach((resolve) => resolve());
    }
  }

  /** No new claims; waits for the messages on the way to be sent and marked. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.running) await new Promise<void>((resolve) => this.idle.push(resolve));
  }
}
