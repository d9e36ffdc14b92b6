import { CHECK_IN_BATCH_MAX, type CheckInOutcomeDto, type CheckInScan } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, NETWORK_ERROR } from '../../../lib/api-error';
import { attendeeKeys } from '../../attendees/api/attendees';
import { checkInKeys, postCheckIn, postCheckInBatch } from '../api/check-in';
import { dropScans, enqueueScan, newScanId, queueStorageKey, readQueue, type QueuedScan } from '../offline-queue';
import { RESULT_TONE } from '../scan-tone';

/** What happened to a scan: the server's answer, or kept on the device for later. */
export type SubmitResult = { kind: 'done'; outcome: CheckInOutcomeDto } | { kind: 'queued'; pending: number };

/** How often queued scans are retried while some wait (besides the browser's `online` event). */
const RETRY_MS = 15_000;

const isNetworkError = (e: unknown) => isApiError(e) && e.code === NETWORK_ERROR;

/**
 * Checks attendees in or out. Every scan gets its own id and time on the device; when the request
 * cannot reach the server it is kept in localStorage and sent later through the batch call, where
 * the server decides (a scan it already applied answers as before).
 */
export function useCheckIn(eventId: number) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(() => readQueue(eventId).length);
  const flushing = useRef(false);

  const refresh = useCallback(async () => {
    // A list read still in flight started before this scan was applied (say, a search typed just before
    // the connection dropped, resumed when it came back): a query without data would answer the
    // invalidation with that stale read, so it is cancelled first and read again.
    const lists = { queryKey: attendeeKeys.all(eventId) };
    await queryClient.cancelQueries(lists);
    await Promise.all([queryClient.invalidateQueries({ queryKey: checkInKeys.stats(eventId) }), queryClient.invalidateQueries(lists)]);
  }, [queryClient, eventId]);

  const submit = useCallback(
    async (scan: CheckInScan): Promise<SubmitResult> => {
      const item: QueuedScan = { ...scan, client_scan_id: newScanId(), scanned_at: new Date().toISOString() };
      try {
        const outcome = await postCheckIn(eventId, item);
        void refresh();
        return { kind: 'done', outcome };
      } catch (e) {
        if (!isNetworkError(e)) throw e;
        const n = enqueueScan(eventId, item);
        setPending(n);
        return { kind: 'queued', pending: n };
      }
    },
    [eventId, refresh],
  );

  const flush = useCallback(async () => {
    if (flushing.current) return;
    const queue = readQueue(eventId);
    if (!queue.length) return;
    flushing.current = true;
    const results: CheckInOutcomeDto[] = [];
    try {
      for (let i = 0; i < queue.length; i += CHECK_IN_BATCH_MAX) {
        const chunk = queue.slice(i, i + CHECK_IN_BATCH_MAX);
        try {
          results.push(...(await postCheckInBatch(eventId, chunk)));
        } catch (e) {
          // A scan the server refuses as malformed will never succeed: drop it rather than retry forever.
          if (!(isApiError(e) && e.status === 422)) throw e;
        }
        setPending(dropScans(eventId, chunk.map((s) => s.client_scan_id)));
      }
    } catch (e) {
      if (!isNetworkError(e)) notifications.show({ color: 'red', message: t`Queued scans could not be sent yet. They stay on this device.` });
    } finally {
      flushing.current = false;
    }
    if (!results.length) return;
    void refresh();
    const sent = results.length;
    const problems = results.filter((r) => RESULT_TONE[r.result] !== 'success').length;
    notifications.show({
      color: problems ? 'orange' : 'teal',
      message: problems
        ? plural(sent, { one: '# queued scan sent; it was not admitted, check the list.', other: `# queued scans sent; ${problems} were not admitted, check the list.` })
        : plural(sent, { one: '# queued scan sent.', other: '# queued scans sent.' }),
    });
  }, [eventId, refresh, t]);

  useEffect(() => {
    const onOnline = () => void flush();
    const onStorage = (e: StorageEvent) => {
      if (e.key === queueStorageKey(eventId)) setPending(readQueue(eventId).length);
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('storage', onStorage);
    const timer = window.setInterval(() => {
      if (readQueue(eventId).length) void flush();
    }, RETRY_MS);
    void flush();
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('storage', onStorage);
      window.clearInterval(timer);
    };
  }, [eventId, flush]);

  return { submit, pending, flush };
}
