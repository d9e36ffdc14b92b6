import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { actionErrorMessage } from '../../../lib/action-error';
import { saveFile } from '../../exports/api/download-export';
import type { ExportFormat } from '../../exports/api/export-progress';
import { type AuditFilters, auditKeys, downloadAuditLog } from '../api/audit-log';

/**
 * Downloads the log matching the filters (one file at a time) and hands it to the browser's save; says when it
 * worked or why not. The download is itself a line of the log: the log is read again afterwards.
 */
export function useAuditDownload(accountId: number, filters: AuditFilters) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
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
        const file = await downloadAuditLog(accountId, filters, format, i18n.locale);
        saveFile(file.blob, file.filename);
        const filename = file.filename;
        notifications.show({ color: 'teal', message: t`Export finished: ${filename}` });
        void queryClient.invalidateQueries({ queryKey: auditKeys.all });
      } catch (error) {
        notifications.show({
          color: 'red',
          message: actionErrorMessage(error, i18n, t`We could not download the audit log. Please try again.`),
        });
      } finally {
        if (mounted.current) setPending(null);
      }
    },
    [accountId, filters, i18n, t, queryClient],
  );
  return { pending, start };
}
