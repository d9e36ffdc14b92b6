import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';

import { Trans } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import type { ExportKind, ExportParams } from '../api/download-export';
import { useExportLabels } from '../export-labels';
import { useExportDownload } from '../hooks/useExportDownload';
import { ExportProgressModal } from './ExportProgressModal';

/** A second sheet offered in the same menu, below a divider (the orders' invoices), whole (no search or filters). */
export interface AlsoExport {
  kind: ExportKind;
  csvLabel: ReactNode;
  xlsxLabel: ReactNode;
}

interface ExportMenuProps {
  eventId: number;
  kind: ExportKind;
  /** The list's current search and filters (`query`, `filter_fields`); paging and sorting are ignored. */
  params: ExportParams;
  also?: AlsoExport;
}

/** The second sheet's export has every row: no filters. */
const WHOLE: ExportParams = {};

/**
 * "Export" with CSV and Excel: downloads every row matching the list's search and filters, with progress; `also`
 * adds another sheet's two files below them.
 */
export function ExportMenu({ eventId, kind, params, also }: ExportMenuProps) {
  const labels = useExportLabels(kind);
  const { run, start, cancel } = useExportDownload(eventId, kind, params);
  // Idle unless `also` is given (hooks are called every time).
  const other = useExportDownload(eventId, also?.kind ?? kind, WHOLE);
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={220}>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            disabled={run !== null || other.run !== null}
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
          {also ? (
            <>
              <Menu.Divider />
              <Menu.Item
                leftSection={<IconFileTypeCsv size={16} aria-hidden />}
                onClick={() => void other.start('csv')}
              >
                {also.csvLabel}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                onClick={() => void other.start('xlsx')}
              >
                {also.xlsxLabel}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <ExportProgressModal kind={kind} run={run} onCancel={cancel} />
      {also ? <ExportProgressModal kind={also.kind} run={other.run} onCancel={other.cancel} /> : null}
    </>
  );
}
