import { formatDate, formatMoney, type InvoiceSummaryDto, type PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { downloadInvoicePdf } from './order-api';

/**
 * The order's invoices and cancellation invoices, oldest first: number, kind, issue date and total, each with its PDF
 * (fetched with the order's secret and saved as `<number>.pdf`). Nothing when the order has none.
 */
export function OrderInvoices({ order }: { order: PublicOrderDto }) {
  const { t, i18n } = useLingui();
  // The invoice being fetched; its button stays focusable meanwhile (a disabled one would drop the focus).
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const invoices = order.invoices ?? [];
  if (!invoices.length) return null;

  const download = async (invoice: InvoiceSummaryDto) => {
    if (busy !== null) return;
    setFailure(null);
    setBusy(invoice.id);
    try {
      await downloadInvoicePdf(order.event.id, order.short_id, invoice, i18n.locale);
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
                  <Button
                    variant="default"
                    leftSection={busy === invoice.id ? <Loader size={16} /> : <IconDownload size={16} aria-hidden />}
                    aria-label={t`Download ${number} (PDF)`}
                    aria-busy={busy === invoice.id || undefined}
                    onClick={() => void download(invoice)}
                  >
                    <Trans>Download</Trans>
                  </Button>
                </Group>
              </Group>
            </li>
          );
        })}
      </Stack>
      <FormErrorAlert error={failure} />
    </Stack>
  );
}
