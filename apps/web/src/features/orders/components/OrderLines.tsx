import '@mantine/core/styles/Table.css';

import type { OrderDetailDto } from '@admitone/shared';
import { formatMoney } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Divider, Stack, Table, Text } from '@mantine/core';
import { Fragment } from 'react';

import { useOrderBreakdown } from '../../../lib/use-order-breakdown';
import { usePhone } from '../../../lib/use-phone';
import { DetailRow } from './DetailSection';

/**
 * The order's lines at list price (ticket, tier, quantity, unit price, line amount) and its totals:
 * `useOrderBreakdown`. On a phone the table fits the drawer: the ticket's name wraps, the figures do not.
 */
export function OrderLines({ order }: { order: OrderDetailDto }) {
  const { t, i18n } = useLingui();
  const phone = usePhone();
  const figure = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.locale);
  const { lines, rows } = useOrderBreakdown(order);
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={phone ? 0 : 420}>
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
            {lines.map((line, i) => {
              const picks = order.pass_picks?.find((p) => p.ticket_id === order.items[i]?.ticket_id);
              return (
                <Table.Tr key={line.key}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={500}>
                      {line.name}
                    </Text>
                    {line.tier ? (
                      <Text size="xs" c="dimmed">
                        {line.tier}
                      </Text>
                    ) : null}
                    {picks ? (
                      <Text size="xs" c="dimmed" data-testid="pass-picks-line">
                        <Plural
                          value={picks.picks}
                          one={`Pass: ${picks.picked} of # date picked by its holder`}
                          other={`Pass: ${picks.picked} of # dates picked by its holder`}
                        />
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td {...figure}>{line.quantity}</Table.Td>
                  <Table.Td {...figure}>{line.each}</Table.Td>
                  <Table.Td {...figure}>{line.amount}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4}>
        {rows.map((row) =>
          row.kind === 'total' ? (
            <Fragment key={row.kind}>
              <Divider />
              <DetailRow
                label={
                  <Text span fw={700} c="var(--mantine-color-text)">
                    {row.label}
                  </Text>
                }
              >
                <Text fw={700} size="sm">
                  {row.amount}
                </Text>
              </DetailRow>
            </Fragment>
          ) : (
            <DetailRow key={row.kind} label={row.label}>
              {row.amount}
            </DetailRow>
          ),
        )}
        {order.refunded_total > 0 ? (
          <DetailRow label={<Trans>Refunded</Trans>}>−{money(order.refunded_total)}</DetailRow>
        ) : null}
        {order.refund_pending_amount ? (
          <DetailRow label={<Trans>Refund pending</Trans>}>{money(order.refund_pending_amount)}</DetailRow>
        ) : null}
      </Stack>
    </Stack>
  );
}
