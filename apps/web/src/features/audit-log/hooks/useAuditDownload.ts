import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { ExportFormat } from '../../exports/api/export-progress';
import { useReportDownload } from '../../reports/hooks/useReportDownload';
import { type AuditFilters, auditKeys, downloadAuditLog } from '../api/audit-log';

/**
 * Downloads the log matching the filters (one file at a time) and hands it to the browser's save; says when it
 * worked or why not. The download is itself a line of the log: the log is read again afterwards.
 */
export function useAuditDownload(accountId: number, filters: AuditFilters) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const download = useCallback(
    (format: ExportFormat, locale: string) => downloadAuditLog(accountId, filters, format, locale),
    [accountId, filters],
  );
  const onSaved = useCallback(() => void queryClient.invalidateQueries({ queryKey: auditKeys.all }), [queryClient]);
  return useReportDownload(download, {
    failure: t`We could not download the audit log. Please try again.`,
    onSaved,
  });
}
