import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Progress.css';

import { type EventStatsDto, formatMoney, formatNumber } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Progress, Stack, Table, Text, Title } from '@mantine/core';

import { usePhone } from '../../../../lib/use-phone';
import { useCategories } from '../../../tickets/api/tickets';
import { useCategoryName } from '../../../tickets/components/CategoryHeading';

/**
 * What each product (ticket or general product) sold (orders that completed, refunded or not), in the order buyers see
 * them, with a
 * bar of its share of the tickets sold, the category when there is more than one, and the totals. On a phone the
 * bar and the category go under the product's name, so the figures keep their columns without scrolling sideways.
 */
export function SalesByTicket({ eventId, stats }: { eventId: number; stats: EventStatsDto }) {
  const { t, i18n } = useLingui();
  const categories = useCategories(eventId).data ?? [];
  const categoryName = useCategoryName();
  const phone = usePhone();
  const rows = stats.by_product;
  if (!rows.length) return null;
  const money = (minor: number) => formatMoney(minor, stats.currency, i18n.locale);
  const count = (n: number) => formatNumber(n, i18n.locale);
  const totalSold = rows.reduce((s, r) => s + r.sold, 0);
  const totalGross = rows.reduce((s, r) => s + r.gross, 0);
  const grouped = categories.length > 1;
  const figure = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
  const categoryOf = (id: number) => {
    const c = categories.find((x) => x.id === id);
    return c ? categoryName(c) : '';
  };
  return (
    <Card withBorder radius="md" padding={phone ? 'md' : 'lg'} data-testid="sales-by-ticket">
      <Stack gap="sm">
        <Title order={3} fz="md">
          <Trans>Sales by product</Trans>
        </Title>
        <Table.ScrollContainer minWidth={phone ? 0 : 420} type="native">
          <Table fz="sm" verticalSpacing="xs">
            <Table.Caption>
              <Trans>
                Tickets and products of completed orders, also those refunded since; gross with taxes and fees.
              </Trans>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <Trans>Product</Trans>
                </Table.Th>
                {grouped && !phone ? (
                  <Table.Th scope="col">
                    <Trans>Category</Trans>
                  </Table.Th>
                ) : null}
                {phone ? null : (
                  <Table.Th scope="col" w="30%">
                    <Trans>Share of units sold</Trans>
                  </Table.Th>
                )}
                <Table.Th scope="col" ta="right">
                  <Trans>Sold</Trans>
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  <Trans>Gross sales</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const share = totalSold ? Math.round((100 * r.sold) / totalSold) : 0;
                const name = r.name;
                const bar = (
                  <Progress
                    value={share}
                    color="violet.6"
                    size="md"
                    radius="xl"
                    mt={phone ? 6 : undefined}
                    aria-label={t`${name}: ${share}% of the tickets sold`}
                  />
                );
                return (
                  <Table.Tr key={r.ticket_id}>
                    <Table.Th scope="row" fw={500}>
                      {r.name}
                      {phone && grouped ? (
                        <Text size="xs" c="dimmed" fw={400}>
                          {categoryOf(r.category_id)}
                        </Text>
                      ) : null}
                      {phone ? bar : null}
                    </Table.Th>
                    {grouped && !phone ? <Table.Td c="dimmed">{categoryOf(r.category_id)}</Table.Td> : null}
                    {phone ? null : <Table.Td>{bar}</Table.Td>}
                    <Table.Td {...figure}>{count(r.sold)}</Table.Td>
                    <Table.Td {...figure}>{money(r.gross)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">
                  <Trans>Total</Trans>
                </Table.Th>
                {grouped && !phone ? <Table.Td /> : null}
                {phone ? null : <Table.Td />}
                <Table.Td {...figure} fw={700}>
                  {count(totalSold)}
                </Table.Td>
                <Table.Td {...figure} fw={700}>
                  {money(totalGross)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        {totalSold === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Nothing sold yet.</Trans>
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
