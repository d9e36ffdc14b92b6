import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';

import { Trans } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';

import type { ExportKind, ExportParams } from '../api/download-export';
import { useExportLabels } from '../export-labels';
import { useExportDownload } from '../hooks/useExportDownload';
import { ExportProgressModal } from './ExportProgressModal';

interface ExportMenuProps {
  eventId: number;
  kind: ExportKind;
  /** The list's current search and filters (`query`, `filter_fields`); paging and sorting are ignored. */
  params: ExportParams;
}

/** "Export" with CSV and Excel: downloads every row matching the list's search and filters, with progress. */
export function ExportMenu({ eventId, kind, params }: ExportMenuProps) {
  const labels = useExportLabels(kind);
  const { run, start, cancel } = useExportDownload(eventId, kind, params);
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={200}>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            disabled={run !== null}
            aria-label={labels.button}
          >
            <Trans>Export</Trans>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFileTypeCsv size={16} aria-hidden />} onClick={() => void start('csv')}>
            <Trans>CSV file</Trans>
          </Menu.Item>
          <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => void start('xlsx')}>
            <Trans>Excel file (.xlsx)</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ExportProgressModal kind={kind} run={run} onCancel={cancel} />
    </>
  );
}
