import { type BoxOfficeSaleDto, formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconPlus, IconPrinter } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { seatText } from '../../../lib/seat-text';
import { useVoidSale } from '../api/box-office';
import classes from './BoxOffice.module.css';

/** A ticket's QR code drawn on the device (a sale made offline cannot fetch it). */
function LocalQr({ code, alt }: { code: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(code, { margin: 1, width: 264 }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [code]);
  return src ? <img src={src} alt={alt} width={132} height={132} /> : <div style={{ width: 132, height: 132 }} />;
}

/** Prints only the receipt, on a roll of `width` paper (the browser's print dialog picks the printer). */
function printReceipt(width: '80mm' | '58mm') {
  const page = document.createElement('style');
  page.textContent = `@page { size: ${width} auto; margin: 0; }`;
  document.head.append(page);
  document.documentElement.style.setProperty('--receipt-width', width);
  window.print();
  page.remove();
  document.documentElement.style.removeProperty('--receipt-width');
}

/**
 * The sale just made: the receipt (each line with its taxes and fees, the total, the cash given and the change), the
 * tickets with their QR codes (printed on the receipt roll, or one per page), voiding it while it is the shift's last
 * sale, and the next sale.
 */
export function ReceiptCard({
  eventId,
  eventTitle,
  sale,
  offlineQr = null,
  canVoid,
  onNext,
}: {
  eventId: number;
  eventTitle: string;
  sale: BoxOfficeSaleDto;
  /** A sale made offline: its tickets' codes (the QR codes are drawn here, not fetched). */
  offlineQr?: Record<string, string> | null;
  canVoid: boolean;
  onNext: () => void;
}) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, sale.currency, i18n.locale);
  const voiding = useVoidSale(eventId);
  const [confirm, setConfirm] = useState(false);
  const [voided, setVoided] = useState(false);
  const number = sale.order_number;

  return (
    <Stack gap="md">
      {voided ? (
        <Alert color="orange" variant="light" role="status">
          <Trans>Sale {number} is void: its tickets are cancelled and back on sale. Hand back the money.</Trans>
        </Alert>
      ) : (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden />} role="status">
          {offlineQr ? (
            <Text size="sm" data-testid="receipt-offline">
              <Trans>Sold without a network: kept on this device and sent as soon as the network is back.</Trans>
            </Text>
          ) : null}
          {sale.change !== null && sale.change > 0 ? (
            <Text fw={700} size="lg" data-testid="receipt-change">
              <Trans>Paid. Change to hand back: {money(sale.change)}</Trans>
            </Text>
          ) : (
            <Text fw={700} size="lg">
              <Trans>Sale complete.</Trans>
            </Text>
          )}
        </Alert>
      )}
      <Group gap="sm" className={classes.noPrint} wrap="wrap">
        <Button size="lg" leftSection={<IconPlus size={20} aria-hidden />} onClick={onNext}>
          <Trans>Next sale</Trans>
        </Button>
        <Button
          variant="default"
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={() => printReceipt('80mm')}
        >
          <Trans>Print receipt (80 mm)</Trans>
        </Button>
        <Button
          variant="default"
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={() => printReceipt('58mm')}
        >
          <Trans>Print receipt (58 mm)</Trans>
        </Button>
        {canVoid && !voided ? (
          <Button
            variant="default"
            color="red"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            onClick={() => setConfirm(true)}
          >
            <Trans>Void this sale</Trans>
          </Button>
        ) : null}
      </Group>
      <FormErrorAlert error={voiding.error} />

      <Card withBorder radius="md" padding="md" className={classes.receipt} data-testid="receipt" maw={420}>
        <Stack gap={6}>
          <Title order={2} size="h4">
            {eventTitle}
          </Title>
          <Text size="sm">{offlineQr ? <Trans>Receipt (sold offline)</Trans> : <Trans>Receipt {number}</Trans>}</Text>
          <Divider />
          {sale.lines.map((line, i) => (
            <Stack key={i} gap={0}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm">
                  {line.quantity} × {line.name}
                </Text>
                <Text size="sm">{money(line.total)}</Text>
              </Group>
              {line.seats.map((s) => (
                <Text key={`${s.section}-${s.row}-${s.seat}`} size="xs" c="dimmed">
                  {seatText(i18n, s)}
                </Text>
              ))}
              {[...line.taxes, ...line.fees].map((c) => (
                <Group key={c.name} justify="space-between" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    <Trans>incl. {c.name}</Trans>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {money(c.amount)}
                  </Text>
                </Group>
              ))}
            </Stack>
          ))}
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>
              <Trans>Total</Trans>
            </Text>
            <Text fw={700} data-testid="receipt-total">
              {money(sale.total)}
            </Text>
          </Group>
          {sale.given !== null ? (
            <>
              <Group justify="space-between">
                <Text size="sm">
                  <Trans>Cash given</Trans>
                </Text>
                <Text size="sm">{money(sale.given)}</Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm">
                  <Trans>Change</Trans>
                </Text>
                <Text size="sm">{money(sale.change ?? 0)}</Text>
              </Group>
            </>
          ) : null}
          <Divider />
          {sale.tickets.map((ticket) => (
            <Stack key={ticket.short_id} gap={2} align="center" data-testid="receipt-ticket">
              {offlineQr?.[ticket.short_id] ? (
                <LocalQr code={offlineQr[ticket.short_id]!} alt={t`QR code of ticket ${ticket.short_id}`} />
              ) : (
                <img
                  src={`/api/public/events/${eventId}/attendees/${ticket.short_id}/qr.svg`}
                  alt={t`QR code of ticket ${ticket.short_id}`}
                  width={132}
                  height={132}
                />
              )}
              <Text size="sm" fw={700}>
                {ticket.name}
              </Text>
              <Text size="xs" ff="monospace">
                {ticket.short_id}
              </Text>
              {ticket.checked_in ? (
                <Text size="xs" c="teal.9">
                  <Trans>Checked in</Trans>
                </Text>
              ) : null}
              {offlineQr ? null : (
                <Anchor
                  className={classes.noPrint}
                  size="xs"
                  href={`/ticket/${eventId}/${ticket.short_id}/print`}
                  target="_blank"
                  rel="noopener"
                >
                  <Trans>Full-page ticket</Trans>
                </Anchor>
              )}
            </Stack>
          ))}
        </Stack>
      </Card>
      <ConfirmDialog
        opened={confirm}
        onClose={() => setConfirm(false)}
        title={<Trans>Void sale {number}?</Trans>}
        message={<Trans>Its tickets are cancelled and go back on sale. Hand the money back to the buyer.</Trans>}
        confirmLabel={<Trans>Void sale</Trans>}
        danger
        loading={voiding.isPending}
        error={voiding.error}
        onConfirm={() =>
          voiding.mutate(sale.order_id, {
            onSuccess: () => {
              setConfirm(false);
              setVoided(true);
            },
          })
        }
      />
    </Stack>
  );
}
