import { and, eq, inArray, sql } from 'drizzle-orm';

import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { walletPasses, walletRegistrations } from '../../db/schema/index.js';
import type { FileStorage } from '../../storage/storage.js';
import { pushToDevices } from './apns.js';
import { updateGoogleObject } from './google-pass.js';
import { type WalletPassRow, walletTicketOf } from './wallet-ticket.js';

export interface WalletPushDeps {
  db: Db;
  storage: FileStorage;
  appUrl: string;
  wallet: AppConfig['wallet'];
  now: () => Date;
}

/**
 * Tells the holders' devices (Apple, through APNs) and Google that passes changed, up to `batch` passes a run: each
 * pass is claimed with SKIP LOCKED and marked told as of the change it tells, so two workers never tell one change
 * twice and a change made meanwhile is told on the next run. A pass whose telling failed is tried again after 1, 2,
 * 4… minutes (at most an hour). Returns how many passes were told.
 */
export async function pushWalletChanges(deps: WalletPushDeps, batch = 50): Promise<number> {
  const { apple, google } = deps.wallet;
  if (!apple && !google) return 0;
  const now = deps.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(walletPasses)
      .where(
        and(
          sql`(${walletPasses.pushed_at} is null or ${walletPasses.pushed_at} < ${walletPasses.changed_at})`,
          sql`(${walletPasses.retry_at} is null or ${walletPasses.retry_at} <= ${now.toISOString()})`,
        ),
      )
      .orderBy(walletPasses.changed_at)
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length)
      await tx
        .update(walletPasses)
        .set({ pushed_at: sql`${walletPasses.changed_at}` })
        .where(
          inArray(
            walletPasses.serial,
            due.map((p) => p.serial),
          ),
        );
    return due;
  });
  if (!claimed.length) return 0;

  const registrations = apple
    ? await deps.db
        .select()
        .from(walletRegistrations)
        .where(
          inArray(
            walletRegistrations.serial,
            claimed.map((p) => p.serial),
          ),
        )
    : [];
  await Promise.all(
    claimed.map(async (pass) => {
      try {
        await tellOne(
          deps,
          pass,
          registrations.filter((r) => r.serial === pass.serial),
          now,
        );
        if (pass.push_failures)
          await deps.db
            .update(walletPasses)
            .set({ push_failures: 0, retry_at: null })
            .where(eq(walletPasses.serial, pass.serial));
      } catch {
        const wait = Math.min(60, 2 ** pass.push_failures) * 60_000;
        await deps.db
          .update(walletPasses)
          .set({ pushed_at: null, push_failures: pass.push_failures + 1, retry_at: new Date(now.getTime() + wait) })
          .where(eq(walletPasses.serial, pass.serial));
      }
    }),
  );
  return claimed.length;
}

async function tellOne(
  deps: WalletPushDeps,
  pass: WalletPassRow,
  devices: Array<typeof walletRegistrations.$inferSelect>,
  now: Date,
): Promise<void> {
  const { apple, google } = deps.wallet;
  let failed = false;
  if (apple && devices.length) {
    const outcomes = await pushToDevices(
      apple,
      devices.map((d) => d.push_token),
    );
    const gone = devices.filter((d) => outcomes.get(d.push_token) === 'GONE').map((d) => d.device_id);
    if (gone.length)
      await deps.db
        .delete(walletRegistrations)
        .where(and(eq(walletRegistrations.serial, pass.serial), inArray(walletRegistrations.device_id, gone)));
    failed = [...outcomes.values()].includes('FAILED');
  }
  if (google && pass.google) {
    const ticket = await walletTicketOf(deps.db, deps.storage, deps.appUrl, pass);
    if (ticket) await updateGoogleObject(google, ticket, now);
  }
  if (failed) throw new Error('APNs refused a push');
}
