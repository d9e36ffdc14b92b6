import { claimDueDeliveries, claimedDeliveries, deliverClaimed, type WebhookDeliveryDeps } from './delivery.js';

export interface WebhookSender {
  /** Claims due deliveries for the free slots and starts them (the worker calls it every WEBHOOK_SWEEP_SECONDS). */
  sweep(): Promise<void>;
  /** Claims nothing more and waits for the deliveries under way. */
  stop(): Promise<void>;
}

/**
 * The worker's webhook sender. Every delivery runs on its own: no round waits for its slowest receiver,
 * so a receiver that never answers holds one slot until WEBHOOK_TIMEOUT_MS, not the queue. At most
 * `concurrency` are under way in this process; claims take every account's share before anyone's more
 * (claimDueDeliveries: at most `accountConcurrency` of an account in flight). A finished delivery frees
 * its slot at once: the sender claims again (one claim at a time; finishes during a claim ask for one more),
 * and reads what it claimed (webhooks, events) in one query.
 */
export function webhookSender(
  deps: WebhookDeliveryDeps,
  on: { mails(ids: number[]): void; failed(err: unknown): void },
): WebhookSender {
  const underWay = new Set<Promise<void>>();
  let claiming: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const fill = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (claiming) {
      again = true;
      return claiming;
    }
    again = false;
    claiming = claimDueDeliveries(deps, deps.concurrency - underWay.size)
      .then((ids) => claimedDeliveries(deps, ids))
      .then((claimed) => {
        for (const row of claimed) {
          const sending: Promise<void> = deliverClaimed(deps, row)
            .then(on.mails, on.failed)
            .finally(() => {
              underWay.delete(sending);
              void fill();
            });
          underWay.add(sending);
        }
      })
      .catch(on.failed)
      .finally(() => {
        claiming = null;
        if (again) void fill();
      });
    return claiming;
  };
  return {
    sweep: fill,
    async stop() {
      stopped = true;
      await claiming;
      await Promise.all(underWay);
    },
  };
}
