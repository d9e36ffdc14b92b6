import type { PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';

import { useOrderBreakdown } from '../../lib/use-order-breakdown';

const SR_ONLY: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/**
 * The order's lines at list price and its totals (discount, fees and taxes only when there are any):
 * `useOrderBreakdown`. Under them, why there is no VAT when the order is sold under the reverse-charge rule (the
 * API's totals already leave it out).
 */
export function OrderSummaryCard({ order, heading = true }: { order: PublicOrderDto; heading?: boolean }) {
  const { t } = useLingui();
  const { lines, rows } = useOrderBreakdown(order);
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
          {lines.map((line) => (
            <Table.Tr key={line.key} data-testid="order-line">
              <Table.Td>
                {line.label}
                {line.quantity > 1 && line.each !== line.amount && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    ({line.each} {t`each`})
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{line.amount}</Table.Td>
            </Table.Tr>
          ))}
          {rows.map((row) => (
            <Table.Tr
              key={row.kind}
              data-testid={`order-${row.kind}`}
              style={
                row.kind === 'subtotal' || row.kind === 'total'
                  ? { borderTop: '1px solid var(--mantine-color-default-border)' }
                  : undefined
              }
            >
              <Table.Td fw={row.kind === 'total' ? 700 : undefined}>{row.label}</Table.Td>
              <Table.Td ta="right" fw={row.kind === 'total' ? 700 : undefined}>
                {row.amount}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {order.invoice_details?.reverse_charge ? (
        <Text size="sm" c="dimmed" mt="xs" data-testid="reverse-charge">
          <Trans>Reverse charge: VAT is not charged on this order; your business accounts for it.</Trans>
        </Text>
      ) : null}
    </section>
  );
}
