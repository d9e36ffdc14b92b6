import '@mantine/core/styles/Menu.css';

import type { EInvoiceFormat, InvoiceSummaryDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, type ButtonProps, Loader, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileCode, IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What an invoice can be downloaded as: its PDF, or (an e-invoice) one of its XML forms. */
export type InvoiceFileFormat = 'pdf' | EInvoiceFormat;

/** The file an invoice is saved as: its number (characters a file name cannot hold as `-`), as the server names it. */
export const invoiceFileName = (number: string, format: InvoiceFileFormat): string => {
  const base = number.replace(/[^\w.-]+/g, '-');
  return format === 'pdf' ? `${base}.pdf` : `${base}-${format}.xml`;
};

/** The part of an invoice's path after `/invoices/{id}` that answers it in `format`. */
export const invoiceFilePath = (format: InvoiceFileFormat): string =>
  format === 'pdf' ? '/pdf' : `/e-invoice?format=${format}`;

/** The XML forms by the names accounting software knows them by (names of standards: not translated). */
const XML_FORMATS: Array<{ format: EInvoiceFormat; name: string }> = [
  { format: 'xrechnung-ubl', name: 'XRechnung (UBL)' },
  { format: 'xrechnung-cii', name: 'XRechnung (CII)' },
  { format: 'peppol', name: 'Peppol BIS Billing 3.0' },
];

interface InvoiceDownloadButtonProps {
  invoice: Pick<InvoiceSummaryDto, 'number' | 'e_invoice'>;
  /** The download under way (the button shows it and keeps its focus). */
  busy: boolean;
  onDownload: (format: InvoiceFileFormat) => void;
  /** The button's words ("PDF", "Download"). */
  children: ReactNode;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * An invoice's download: one button for its PDF; for an e-invoice a menu of the PDF (Factur-X/ZUGFeRD, readable by
 * people and by accounting software) and its XML forms (XRechnung, Peppol).
 */
export function InvoiceDownloadButton({
  invoice,
  busy,
  onDownload,
  children,
  size,
  variant = 'default',
}: InvoiceDownloadButtonProps) {
  const { t } = useLingui();
  const number = invoice.number;
  const icon = busy ? <Loader size={14} /> : <IconDownload size={14} aria-hidden />;
  if (!invoice.e_invoice)
    return (
      <Button
        size={size}
        variant={variant}
        leftSection={icon}
        aria-label={t`Download ${number} (PDF)`}
        aria-busy={busy || undefined}
        onClick={() => !busy && onDownload('pdf')}
      >
        {children}
      </Button>
    );
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={250}>
      <Menu.Target>
        <Button
          size={size}
          variant={variant}
          leftSection={icon}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t`Download ${number}: PDF or e-invoice`}
          aria-busy={busy || undefined}
        >
          {children}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={() => onDownload('pdf')}>
          <Trans>PDF (with ZUGFeRD / Factur-X data)</Trans>
        </Menu.Item>
        {XML_FORMATS.map(({ format, name }) => (
          <Menu.Item
            key={format}
            leftSection={<IconFileCode size={16} aria-hidden />}
            onClick={() => onDownload(format)}
          >
            {name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
