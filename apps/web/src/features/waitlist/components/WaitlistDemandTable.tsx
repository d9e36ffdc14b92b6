import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Progress.css';

import { formatNumber, type WaitlistDemandDto, wholePercent } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Progress, Table } from '@mantine/core';
import { Link } from 'react-router';

import { WAITLIST_STATE_COLORS } from '../waitlist-labels';

interface WaitlistDemandTableProps {
  demand: WaitlistDemandDto[];
  /** Where a ticket's name leads (its entries on the waitlist screen); plain text without it. */
  ticketHref?: (ticketId: number) => string;
}

/**
 * Per ticket: people waiting, the tickets they want and the tickets held in open offers, with a bar
 * of both against the most wanted ticket (decorative: the numbers beside it say the same).
 */
export function WaitlistDemandTable({ demand, ticketHref }: WaitlistDemandTableProps) {
  const { i18n } = useLingui();
  const count = (n: number) => formatNumber(n, i18n.locale);
  const most = Math.max(0, ...demand.map((d) => d.waiting_units + d.offered_units));
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table fz="sm" verticalSpacing="xs" data-testid="waitlist-demand">
        <Table.Caption>
          <Trans>
            Tickets wanted: by the people still waiting. On offer: held for people with an open offer until they buy or
            it runs out.
          </Trans>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Ticket</Trans>
            </Table.Th>
            <Table.Th scope="col" w="30%">
              <Trans>Demand</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <Trans>People waiting</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <Trans>Tickets wanted</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <Trans>On offer</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {demand.map((d) => (
            <Table.Tr key={d.ticket_id}>
              <Table.Th scope="row" fw={500}>
                {ticketHref ? (
                  <Anchor component={Link} to={ticketHref(d.ticket_id)} size="sm">
                    {d.ticket_name}
                  </Anchor>
                ) : (
                  d.ticket_name
                )}
              </Table.Th>
              <Table.Td>
                <Progress.Root size="md" radius="xl" aria-hidden>
                  <Progress.Section
                    value={wholePercent(d.offered_units, most)}
                    color={WAITLIST_STATE_COLORS.OFFERED}
                    withAria={false}
                  />
                  <Progress.Section
                    value={wholePercent(d.waiting_units, most)}
                    color={WAITLIST_STATE_COLORS.WAITING}
                    withAria={false}
                  />
                </Progress.Root>
              </Table.Td>
              <Table.Td ta="right">{count(d.waiting_people)}</Table.Td>
              <Table.Td ta="right">{count(d.waiting_units)}</Table.Td>
              <Table.Td ta="right">{count(d.offered_units)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
