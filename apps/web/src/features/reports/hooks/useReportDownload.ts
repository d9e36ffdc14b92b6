import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';

import { actionErrorMessage } from '../../../lib/action-error';
import { saveFile } from '../../exports/api/download-export';
import type { ExportFormat } from '../../exports/api/export-progress';

/**
 * Downloads a file (one at a time: a report, the audit log) and hands it to the browser's save; says when it worked or
 * why not (`failure`, else the report's message), and calls `onSaved` after.
 */
export function useReportDownload(
  download: (format: ExportFormat, locale: string) => Promise<{ blob: Blob; filename: string }>,
  options: { failure?: string; onSaved?: () => void } = {},
) {
  const { failure, onSaved } = options;
  const { t, i18n } = useLingui();
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const start = useCallback(
    async (format: ExportFormat) => {
      setPending(format);
      try {
        const file = await download(format, i18n.locale);
        saveFile(file.blob, file.filename);
        const filename = file.filename;
        notifications.show({ color: 'teal', message: t`Export finished: ${filename}` });
        onSaved?.();
      } catch (error) {
        notifications.show({
          color: 'red',
          message: actionErrorMessage(error, i18n, failure ?? t`We could not download the report. Please try again.`),
        });
      } finally {
        if (mounted.current) setPending(null);
      }
    },
    [download, i18n, t, failure, onSaved],
  );
  return { pending, start };
}
