import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';

import type { AuditFilters } from '../api/audit-log';
import { useAuditDownload } from '../hooks/useAuditDownload';

interface AuditDownloadMenuProps {
  accountId: number;
  /** The screen's filters (the page is ignored: the file has every line). */
  filters: AuditFilters;
  /** The filters ask for nothing (a last day before the first). */
  disabled?: boolean;
}

/** "Download" with CSV and Excel: every line matching the current filters. */
export function AuditDownloadMenu({ accountId, filters, disabled }: AuditDownloadMenuProps) {
  const { t } = useLingui();
  const { pending, start } = useAuditDownload(accountId, filters);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={pending !== null}
          disabled={disabled}
          aria-label={t`Download the audit log`}
        >
          <Trans>Download</Trans>
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
  );
}
