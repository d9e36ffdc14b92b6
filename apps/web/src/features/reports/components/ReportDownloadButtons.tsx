import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';

import type { ExportFormat } from '../../exports/api/export-progress';
import { useReportDownload } from '../hooks/useReportDownload';

/** "Download CSV" and "Download Excel" of one report: the same rows and totals as on screen. */
export function ReportDownloadButtons({
  download,
  disabled,
}: {
  download: (format: ExportFormat, locale: string) => Promise<{ blob: Blob; filename: string }>;
  disabled?: boolean;
}) {
  const { pending, start } = useReportDownload(download);
  return (
    <Group gap="xs">
      <Button
        variant="default"
        size="sm"
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        loading={pending === 'csv'}
        disabled={disabled || (pending !== null && pending !== 'csv')}
        onClick={() => void start('csv')}
      >
        <Trans>Download CSV</Trans>
      </Button>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        loading={pending === 'xlsx'}
        disabled={disabled || (pending !== null && pending !== 'xlsx')}
        onClick={() => void start('xlsx')}
      >
        <Trans>Download Excel</Trans>
      </Button>
    </Group>
  );
}
