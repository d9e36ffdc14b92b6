import '@mantine/core/styles/Table.css';
import type { OrderDetailDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Divider, Stack, Table, Text } from '@mantine/core';
import { formatMoney } from '../../../lib/format';
import { DetailRow } from './DetailSection';

/** The order's lines (ticket, tier, quantity, unit price, line total) and its totals. */
export function OrderLines({ order }: { order: OrderDetailDto }) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.locale);
  const { totals } = order;
  const code = order.promo_code;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={6} horizontalSpacing="xs" aria-label={t`Order lines`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Ticket</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Quantity</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Unit price</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Total</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.items.map((item) => (
              <Table.Tr key={`${item.ticket_id}-${item.tier_id ?? 0}`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {item.ticket_name}
                  </Text>
                  {item.tier_label ? (
                    <Text size="xs" c="dimmed">
                      {item.tier_label}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{money(item.unit.total)}</Table.Td>
                <Table.Td ta="right">{money(item.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4}>
        <DetailRow label={<Trans>Subtotal</Trans>}>{money(totals.subtotal)}</DetailRow>
        {totals.discount > 0 ? (
          <DetailRow label={code ? <Trans>Discount ({code})</Trans> : <Trans>Discount</Trans>}>−{money(totals.discount)}</DetailRow>
        ) : null}
        {totals.fees > 0 ? <DetailRow label={<Trans>Fees</Trans>}>{money(totals.fees)}</DetailRow> : null}
        {totals.taxes > 0 ? <DetailRow label={<Trans>Taxes</Trans>}>{money(totals.taxes)}</DetailRow> : null}
        <Divider />
        <DetailRow label={<Text span fw={700} c="var(--mantine-color-text)">{t`Total`}</Text>}>
          <Text fw={700} size="sm">
            {money(totals.total)}
          </Text>
        </DetailRow>
        {order.refunded_total > 0 ? <DetailRow label={<Trans>Refunded</Trans>}>−{money(order.refunded_total)}</DetailRow> : null}
        {order.refund_pending_amount ? <DetailRow label={<Trans>Refund pending</Trans>}>{money(order.refund_pending_amount)}</DetailRow> : null}
      </Stack>
    </Stack>
  );
}
