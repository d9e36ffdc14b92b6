import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';

import { actionErrorMessage } from '../../../lib/action-error';
import {
  downloadExport,
  type ExportKind,
  type ExportParams,
  type ExportProgress,
  saveFile,
} from '../api/download-export';
import type { ExportFormat } from '../api/export-progress';
import { useExportLabels } from '../export-labels';

export interface ExportRun extends ExportProgress {
  format: ExportFormat;
}

/** Runs one export at a time: progress while it streams, then the browser's save; cancel aborts it. */
export function useExportDownload(eventId: number, kind: ExportKind, params: ExportParams) {
  const { t, i18n } = useLingui();
  const [run, setRun] = useState<ExportRun | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const { failure } = useExportLabels(kind);

  const start = useCallback(
    async (format: ExportFormat) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setRun({ format, total: null, fraction: null, rows: 0 });
      try {
        const file = await downloadExport(eventId, kind, params, {
          format,
          signal: abort.signal,
          locale: i18n.locale,
          onProgress: (p) => setRun({ format, ...p }),
        });
        if (abort.signal.aborted) return;
        saveFile(file.blob, file.filename);
        const filename = file.filename;
        notifications.show({ color: 'teal', message: t`Export finished: ${filename}` });
      } catch (error) {
        if (abort.signal.aborted) return;
        notifications.show({ color: 'red', message: actionErrorMessage(error, i18n, failure) });
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setRun(null);
        }
      }
    },
    [eventId, kind, params, i18n, t, failure],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setRun(null);
  }, []);

  return { run, start, cancel };
}
