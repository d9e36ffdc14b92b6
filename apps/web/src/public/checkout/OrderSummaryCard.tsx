import type { PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { formatMoney } from '../../lib/format';

const SR_ONLY: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' };

/** The order's lines and totals (discount, fees and taxes only when there are any). */
export function OrderSummaryCard({ order, heading = true }: { order: PublicOrderDto; heading?: boolean }) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.locale);
  const { totals } = order;
  const promo = order.promo_code;
  return (
    <section aria-labelledby="order-summary-heading">
      {heading ? (
        <Title order={2} size="h4" id="order-summary-heading" mb="xs">
          <Trans>Order summary</Trans>
        </Title>
      ) : (
        <Text id="order-summary-heading" fw={700} mb="xs">
          <Trans>Order summary</Trans>
        </Text>
      )}
      <Table aria-labelledby="order-summary-heading" verticalSpacing={6} horizontalSpacing={0} withRowBorders={false}>
        <Table.Thead style={SR_ONLY}>
          <Table.Tr>
            <Table.Th>{t`Item`}</Table.Th>
            <Table.Th>{t`Amount`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={`${item.ticket_id}-${item.tier_id ?? 0}`}>
              <Table.Td>
                {item.quantity} × {item.ticket_name}
                {item.tier_label ? ` — ${item.tier_label}` : ''}
                {item.quantity > 1 && item.unit.total > 0 && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    ({money(item.unit.total)} {t`each`})
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{item.total === 0 ? t`Free` : money(item.total)}</Table.Td>
            </Table.Tr>
          ))}
          {totals.subtotal !== totals.total && (
            <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Table.Td>{t`Subtotal`}</Table.Td>
              <Table.Td ta="right">{money(totals.subtotal)}</Table.Td>
            </Table.Tr>
          )}
          {totals.discount > 0 && (
            <Table.Tr>
              <Table.Td>{promo ? t`Discount (${promo})` : t`Discount`}</Table.Td>
              <Table.Td ta="right">−{money(totals.discount)}</Table.Td>
            </Table.Tr>
          )}
          {totals.fees > 0 && (
            <Table.Tr>
              <Table.Td>{t`Fees`}</Table.Td>
              <Table.Td ta="right">{money(totals.fees)}</Table.Td>
            </Table.Tr>
          )}
          {totals.taxes > 0 && (
            <Table.Tr>
              <Table.Td>{t`Taxes`}</Table.Td>
              <Table.Td ta="right">{money(totals.taxes)}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Table.Td fw={700}>{t`Total`}</Table.Td>
            <Table.Td ta="right" fw={700}>
              {totals.total === 0 ? t`Free` : money(totals.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </section>
  );
}
