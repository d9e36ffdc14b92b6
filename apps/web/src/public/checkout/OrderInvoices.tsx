import { formatDate, formatMoney, type InvoiceSummaryDto, type PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { InvoiceDownloadButton, type InvoiceFileFormat } from '../../components/InvoiceDownloadButton';
import { InvoiceDetailsDialog } from '../self-service/InvoiceDetailsDialog';
import { downloadInvoice } from './order-api';

/**
 * The order's invoices and cancellation invoices, oldest first: number, kind, issue date and total, each with its PDF
 * and, for a business's e-invoice, its XML forms (fetched with the order's secret); where allowed, the buyer corrects
 * the details they are made out to. Nothing when the order has none.
 */
export function OrderInvoices({
  order,
  onChange,
}: {
  order: PublicOrderDto;
  /** Where the buyer may correct the details the invoice is made out to: the order as it stands after. */
  onChange?: (order: PublicOrderDto) => void;
}) {
  const { i18n } = useLingui();
  // The invoice being fetched; its button stays focusable meanwhile (a disabled one would drop the focus).
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [correcting, setCorrecting] = useState(false);
  const invoices = order.invoices ?? [];
  if (!invoices.length) return null;

  const download = async (invoice: InvoiceSummaryDto, format: InvoiceFileFormat) => {
    if (busy !== null) return;
    setFailure(null);
    setBusy(invoice.id);
    try {
      await downloadInvoice(order.event.id, order.short_id, invoice, format, i18n.locale);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack component="section" aria-labelledby="invoices-heading" gap="xs">
      <Title order={2} size="h4" id="invoices-heading">
        <Trans>Invoices</Trans>
      </Title>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {invoices.map((invoice) => {
          const number = invoice.number;
          const cancels = invoice.cancels;
          return (
            <li key={invoice.id} data-testid="invoice">
              <Group justify="space-between" align="center" gap="sm">
                <div>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {number}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {invoice.kind === 'CANCELLATION' ? <Trans>Cancellation invoice</Trans> : <Trans>Invoice</Trans>}
                    {' · '}
                    {formatDate(invoice.issued_at, order.event.timezone, i18n.locale)}
                  </Text>
                  {cancels ? (
                    <Text size="sm" c="dimmed">
                      <Trans>Cancels invoice {cancels}</Trans>
                    </Text>
                  ) : null}
                </div>
                <Group gap="sm" wrap="nowrap">
                  <Text fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(invoice.total, invoice.currency, i18n.locale)}
                  </Text>
                  <InvoiceDownloadButton
                    invoice={invoice}
                    busy={busy === invoice.id}
                    onDownload={(format) => void download(invoice, format)}
                  >
                    <Trans>Download</Trans>
                  </InvoiceDownloadButton>
                </Group>
              </Group>
            </li>
          );
        })}
      </Stack>
      <FormErrorAlert error={failure} />
      {onChange ? (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setCorrecting(true)}
          >
            <Trans>Correct invoice details</Trans>
          </Button>
        </Group>
      ) : null}
      {correcting && onChange ? (
        <InvoiceDetailsDialog order={order} onClose={() => setCorrecting(false)} onSaved={onChange} />
      ) : null}
    </Stack>
  );
}
