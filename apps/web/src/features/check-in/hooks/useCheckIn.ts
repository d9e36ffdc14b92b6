import {
  CHECK_IN_BATCH_MAX,
  type CheckInOfflineDto,
  type CheckInOutcomeDto,
  type CheckInResult,
  type CheckInScan,
  type OfflineTicketDto,
} from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { isApiError, NETWORK_ERROR } from '../../../lib/api-error';
import type { CheckInSource } from '../check-in-source';
import { dropScans, enqueueScan, newScanId, type QueuedScan, queueStorageKey, readQueue } from '../offline-queue';
import { decideOffline, readSnapshot, writeSnapshot } from '../offline-tickets';
import { RESULT_TONE } from '../scan-tone';

/**
 * What happened to a scan: the server's answer; or, offline, kept on the device for later (checked
 * against the list's tickets as of `synced_at` when the device has them), or refused by the device.
 */
export type SubmitResult =
  | {
      kind: 'done';
      outcome: CheckInOutcomeDto;
      /** The scan as it was sent (without its id and time): "Admit anyway" sends it again. */
      scan?: CheckInScan;
    }
  | { kind: 'queued'; pending: number; ticket: OfflineTicketDto | null; syncedAt: string | null; signed?: boolean }
  | {
      kind: 'refused';
      result: CheckInResult;
      ticket: OfflineTicketDto | null;
      syncedAt: string;
      forged?: boolean;
      /** The snapshot's dates (a refusal for another date names the ticket's). */
      dates?: CheckInOfflineDto['dates'];
    };

/** How a scan's result sounds and looks: the server's or the device's answer, or "queued". */
export const toneOf = (r: SubmitResult) =>
  r.kind === 'queued' ? 'queued' : RESULT_TONE[r.kind === 'done' ? r.outcome.result : r.result];

/** The result a scan shows (`data-result` on its card): the answer's, or QUEUED. */
export const resultOf = (r: SubmitResult) =>
  r.kind === 'queued' ? 'QUEUED' : r.kind === 'done' ? r.outcome.result : r.result;

/** How often the list's tickets are fetched again for offline checks while the screen is open and online. */
const SYNC_MS = 60_000;

/** How often queued scans are retried while some wait (besides the browser's `online` event). */
const RETRY_MS = 15_000;

const isNetworkError = (e: unknown) => isApiError(e) && e.code === NETWORK_ERROR;

/**
 * Checks attendees in or out. Every scan gets its own id and time on the device; when the request
 * cannot reach the server it is kept in localStorage and sent later through the batch call, where
 * the server decides (a scan it already applied answers as before).
 */
export function useCheckIn(source: CheckInSource) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { queueKey, endpoints } = source;
  const [pending, setPending] = useState(() => readQueue(queueKey).length);
  const [refused, setRefused] = useState(false);
  const flushing = useRef(false);

  /** The list's tickets fetched again for offline checks (kept as they were when it fails). */
  const sync = useCallback(async () => {
    try {
      writeSnapshot(queueKey, await endpoints.offline());
    } catch {
      // Offline or refused: the last snapshot stays.
    }
  }, [queueKey, endpoints]);

  const refresh = useCallback(async () => {
    // A list read still in flight started before this scan was applied (say, a search typed just before
    // the connection dropped, resumed when it came back): a query without data would answer the
    // invalidation with that stale read, so it is cancelled first and read again.
    const own = { queryKey: source.key };
    await queryClient.cancelQueries(own);
    await Promise.all([
      queryClient.invalidateQueries(own),
      ...source.related.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  }, [queryClient, source.key, source.related]);

  const submit = useCallback(
    async (scan: CheckInScan): Promise<SubmitResult> => {
      const item: QueuedScan = { ...scan, client_scan_id: newScanId(), scanned_at: new Date().toISOString() };
      try {
        const outcome = await endpoints.scan(item);
        void refresh();
        return { kind: 'done', outcome, scan };
      } catch (e) {
        if (!isNetworkError(e)) throw e;
        const snapshot = readSnapshot(queueKey);
        const decision = await decideOffline(snapshot, readQueue(queueKey), item);
        if (decision.kind === 'refuse')
          return {
            kind: 'refused',
            result: decision.result,
            ticket: decision.ticket,
            syncedAt: snapshot!.synced_at,
            forged: !!decision.forged,
            dates: snapshot!.dates ?? [],
          };
        const n = enqueueScan(queueKey, item);
        setPending(n);
        return {
          kind: 'queued',
          pending: n,
          ticket: decision.ticket,
          syncedAt: snapshot?.synced_at ?? null,
          signed: !!decision.signed,
        };
      }
    },
    [queueKey, endpoints, refresh],
  );

  /**
   * "Admit anyway" (admins and organizers): the scan sent again as a check-in with the reason, as a new scan. Straight
   * to the server, never queued: a refusal is only overridden online, where the server decides and writes it down.
   */
  const admitAnyway = useCallback(
    async (scan: CheckInScan, reason: string): Promise<SubmitResult> => {
      const again: CheckInScan = { ...scan, action: 'CHECK_IN' };
      const outcome = await endpoints.scan({
        ...again,
        override_reason: reason,
        client_scan_id: newScanId(),
        scanned_at: new Date().toISOString(),
      });
      void refresh();
      return { kind: 'done', outcome, scan: again };
    },
    [endpoints, refresh],
  );

  const flush = useCallback(async () => {
    if (flushing.current) return;
    const queue = readQueue(queueKey);
    if (!queue.length) return;
    flushing.current = true;
    const results: CheckInOutcomeDto[] = [];
    try {
      for (let i = 0; i < queue.length; i += CHECK_IN_BATCH_MAX) {
        const chunk = queue.slice(i, i + CHECK_IN_BATCH_MAX);
        try {
          results.push(...(await endpoints.batch(chunk)));
        } catch (e) {
          // A scan the server refuses as malformed will never succeed: drop it rather than retry forever.
          if (!(isApiError(e) && e.status === 422)) throw e;
        }
        setPending(
          dropScans(
            queueKey,
            chunk.map((s) => s.client_scan_id),
          ),
        );
      }
      setRefused(false);
    } catch (e) {
      // A revoked or replaced staff link: these scans will never be accepted with it. They stay on the
      // device and the screen says so (see `refused`), rather than vanishing.
      if (isApiError(e) && e.code === 'STAFF_LINK_INVALID') setRefused(true);
      else if (!isNetworkError(e))
        notifications.show({ color: 'red', message: t`Queued scans could not be sent yet. They stay on this device.` });
    } finally {
      flushing.current = false;
    }
    if (!results.length) return;
    void refresh();
    void sync();
    const sent = results.length;
    const problems = results.filter((r) => RESULT_TONE[r.result] !== 'success').length;
    notifications.show({
      color: problems ? 'orange' : 'teal',
      message: problems
        ? plural(sent, {
            one: '# queued scan sent; it was not admitted, check the list.',
            other: `# queued scans sent; ${problems} were not admitted, check the list.`,
          })
        : plural(sent, { one: '# queued scan sent.', other: '# queued scans sent.' }),
    });
  }, [queueKey, endpoints, refresh, sync, t]);

  useEffect(() => {
    const onOnline = () => void flush();
    const onStorage = (e: StorageEvent) => {
      if (e.key === queueStorageKey(queueKey)) setPending(readQueue(queueKey).length);
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('storage', onStorage);
    const timer = window.setInterval(() => {
      if (readQueue(queueKey).length) void flush();
    }, RETRY_MS);
    const syncTimer = window.setInterval(() => void sync(), SYNC_MS);
    void flush();
    void sync();
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('storage', onStorage);
      window.clearInterval(timer);
      window.clearInterval(syncTimer);
    };
  }, [queueKey, flush, sync]);

  return { submit, admitAnyway, pending, flush, refused };
}
