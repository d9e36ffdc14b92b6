import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Progress.css';

import { type EventStatsDto, formatMoney, formatNumber } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Card, Group, Progress, Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { usePhone } from '../../../../lib/use-phone';
import { formatPercent } from '../../event-stats';

interface ChannelRow {
  key: string;
  label: ReactNode;
  color: string;
  tickets: number;
  /** Minor units; complimentary tickets carry none. */
  gross: number;
}

/** The channels in the order they are shown, each with its colour in the bar and its figures. */
function channelRows(split: EventStatsDto['by_channel']): ChannelRow[] {
  return [
    {
      key: 'online',
      label: <Trans>Online</Trans>,
      color: 'violet.6',
      tickets: split.online_tickets,
      gross: split.online_gross,
    },
    {
      key: 'box-office',
      label: <Trans>Box office</Trans>,
      color: 'teal.6',
      tickets: split.box_office_tickets,
      gross: split.box_office_gross,
    },
    {
      key: 'complimentary',
      label: <Trans>Complimentary</Trans>,
      color: 'orange.5',
      tickets: split.complimentary_tickets,
      gross: 0,
    },
  ];
}

/** True once anything was sold or given at the box office: only then is there a split to show. */
const soldAtBoxOffice = (split: EventStatsDto['by_channel']) =>
  split.box_office_tickets + split.complimentary_tickets > 0 || split.box_office_gross !== 0;

/**
 * Where the tickets were sold: a bar of each channel's share of the tickets sold (online, paid at the box office,
 * complimentary), then the same figures as a table (tickets, share and gross), which is what assistive technology
 * reads. Shown once the box office has sold or given something; the figures add up to the headline cards.
 */
export function SalesByChannel({ stats }: { stats: EventStatsDto }) {
  const { i18n } = useLingui();
  const phone = usePhone();
  const split = stats.by_channel;
  if (!soldAtBoxOffice(split)) return null;
  const locale = i18n.locale;
  const money = (minor: number) => formatMoney(minor, stats.currency, locale);
  const count = (n: number) => formatNumber(n, locale);
  const rows = channelRows(split);
  const tickets = rows.reduce((s, r) => s + r.tickets, 0);
  const gross = rows.reduce((s, r) => s + r.gross, 0);
  const share = (n: number) => (tickets ? n / tickets : 0);
  const figure = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
  return (
    <Card withBorder radius="md" padding={phone ? 'md' : 'lg'} data-testid="sales-by-channel">
      <Stack gap="sm">
        <Title order={3} fz="md">
          <Trans>Sales by channel</Trans>
        </Title>
        {tickets > 0 ? (
          <Progress.Root size={14} radius="xl" aria-hidden data-testid="sales-by-channel-bar">
            {rows.map((r) =>
              r.tickets > 0 ? (
                <Progress.Section key={r.key} value={100 * share(r.tickets)} color={r.color} withAria={false} />
              ) : null,
            )}
          </Progress.Root>
        ) : null}
        <Table fz="sm" verticalSpacing="xs">
          <Table.Caption>
            <Trans>
              Tickets sold and gross sales by where they were sold; complimentary tickets were given free at the box
              office.
            </Trans>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <Trans>Channel</Trans>
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <Trans>Tickets</Trans>
              </Table.Th>
              {phone ? null : (
                <Table.Th scope="col" ta="right">
                  <Trans>Share of tickets</Trans>
                </Table.Th>
              )}
              <Table.Th scope="col" ta="right">
                <Trans>Gross sales</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key} data-testid={`channel-${r.key}`}>
                <Table.Th scope="row" fw={500}>
                  <Group gap="xs" wrap="nowrap">
                    <Box w={10} h={10} bg={r.color} style={{ borderRadius: '50%', flex: 'none' }} aria-hidden />
                    {r.label}
                  </Group>
                </Table.Th>
                <Table.Td {...figure}>{count(r.tickets)}</Table.Td>
                {phone ? null : <Table.Td {...figure}>{formatPercent(share(r.tickets), locale)}</Table.Td>}
                <Table.Td {...figure}>{money(r.gross)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">
                <Trans>Total</Trans>
              </Table.Th>
              <Table.Td {...figure} fw={700}>
                {count(tickets)}
              </Table.Td>
              {phone ? null : <Table.Td />}
              <Table.Td {...figure} fw={700}>
                {money(gross)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Stack>
    </Card>
  );
}
