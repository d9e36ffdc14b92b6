import type { InvoiceSummaryDto, OrderDetailDto } from '@admitone/shared';
import { formatDate, formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { InvoiceDownloadButton, type InvoiceFileFormat } from '../../../components/InvoiceDownloadButton';
import { actionErrorMessage } from '../../../lib/action-error';
import { downloadInvoice, useOrderInvoices } from '../api/invoices';
import { DetailSection } from './DetailSection';
import { InvoiceDetailsForm } from './InvoiceDetailsForm';

/**
 * One invoice: its number and kind, what it cancels, when it was issued (the event's day), its total, and its PDF (or,
 * an e-invoice, the choice of its PDF and XML forms).
 */
function InvoiceRow({ eventId, invoice, timeZone }: { eventId: number; invoice: InvoiceSummaryDto; timeZone: string }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const number = invoice.number;
  const issued = formatDate(invoice.issued_at, timeZone, i18n.locale);
  const cancels = invoice.cancels;
  const download = (format: InvoiceFileFormat) => {
    setBusy(true);
    downloadInvoice(eventId, invoice, format, i18n.locale)
      .catch((e: unknown) =>
        notifications.show({
          color: 'red',
          message: actionErrorMessage(e, i18n, t`We could not download the invoice. Please try again.`),
        }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Group component="li" justify="space-between" gap="sm" wrap="wrap" align="center" data-testid="order-invoice">
      <Stack gap={2} miw={0} style={{ flex: '1 1 200px' }}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {number}
          </Text>
          {invoice.kind === 'CANCELLATION' ? (
            <Badge color="orange" variant="light" tt="none">
              <Trans>Cancellation</Trans>
            </Badge>
          ) : (
            <Badge variant="light" tt="none">
              <Trans>Invoice</Trans>
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          <Trans>Issued {issued}</Trans>
          {cancels ? (
            <>
              {' · '}
              <Trans>Cancels invoice {cancels}</Trans>
            </>
          ) : null}
        </Text>
      </Stack>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(invoice.total, invoice.currency, i18n.locale)}
        </Text>
        <InvoiceDownloadButton invoice={invoice} busy={busy} onDownload={download} size="compact-sm" variant="light">
          {invoice.e_invoice ? <Trans>Download</Trans> : <Trans>PDF</Trans>}
        </InvoiceDownloadButton>
      </Group>
    </Group>
  );
}

/**
 * The order's invoices and cancellation invoices, oldest first, each with its PDF to download, and the buyer's invoice
 * details to correct (the invoice is then issued again). Nothing is shown while the order has neither.
 */
export function OrderInvoices({
  eventId,
  order,
  timeZone,
}: {
  eventId: number;
  order: OrderDetailDto;
  timeZone: string;
}) {
  const invoices = useOrderInvoices(eventId, order.id).data ?? [];
  const [editing, setEditing] = useState(false);
  if (!invoices.length && !order.invoice_details) return null;
  const details = order.invoice_details;
  return (
    <DetailSection title={<Trans>Invoices</Trans>}>
      {details?.company || details?.vat_number ? (
        <Text size="sm" data-testid="invoice-details">
          {[details.company, details.vat_number].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
      {invoices.length ? (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} data-testid="order-invoices">
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} eventId={eventId} invoice={invoice} timeZone={timeZone} />
          ))}
        </Stack>
      ) : null}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          <Trans>Correct invoice details</Trans>
        </Button>
      </Group>
      <AppModal opened={editing} onClose={() => setEditing(false)} title={<Trans>Correct invoice details</Trans>}>
        <InvoiceDetailsForm eventId={eventId} order={order} onDone={() => setEditing(false)} />
      </AppModal>
    </DetailSection>
  );
}
