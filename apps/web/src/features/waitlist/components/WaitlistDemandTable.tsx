import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Progress.css';

import { formatNumber, type WaitlistDemandDto, wholePercent } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Progress, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

import { usePhone } from '../../../lib/use-phone';
import { WAITLIST_STATE_COLORS } from '../waitlist-labels';

interface WaitlistDemandTableProps {
  demand: WaitlistDemandDto[];
  /** Where a ticket's name leads (its entries on the waitlist screen); plain text without it. */
  ticketHref?: (ticketId: number) => string;
}

/**
 * Per ticket: people waiting, the tickets they want and the tickets held in open offers, with a bar
 * of both against the most wanted ticket (decorative: the numbers beside it say the same). On a phone (no
 * room for five columns) a list instead: per ticket its name, the bar and the three figures, each named.
 */
export function WaitlistDemandTable({ demand, ticketHref }: WaitlistDemandTableProps) {
  const { i18n } = useLingui();
  const count = (n: number) => formatNumber(n, i18n.locale);
  const most = Math.max(0, ...demand.map((d) => d.waiting_units + d.offered_units));
  const phone = usePhone();
  const captionId = useId();
  const caption = (
    <Trans>
      Tickets wanted: by the people still waiting. On offer: held for people with an open offer until they buy or it
      runs out.
    </Trans>
  );
  const name = (d: WaitlistDemandDto) =>
    ticketHref ? (
      <Anchor component={Link} to={ticketHref(d.ticket_id)} size="sm">
        {d.ticket_name}
      </Anchor>
    ) : (
      d.ticket_name
    );
  const bar = (d: WaitlistDemandDto) => (
    <Progress.Root size="md" radius="xl" mt={phone ? 6 : undefined} aria-hidden>
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
  );
  if (phone) {
    const figure = (label: ReactNode, value: number) => (
      <div>
        <Text component="dt" size="xs" c="dimmed">
          {label}
        </Text>
        <Text component="dd" m={0} size="sm" fw={500}>
          {count(value)}
        </Text>
      </div>
    );
    return (
      <Stack gap="sm" data-testid="waitlist-demand">
        <Stack
          component="ul"
          role="list"
          aria-labelledby={captionId}
          gap="md"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {demand.map((d) => (
            <li key={d.ticket_id}>
              <Text size="sm" fw={500}>
                {name(d)}
              </Text>
              {bar(d)}
              <Box
                component="dl"
                m={0}
                mt={6}
                style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '4px 12px' }}
              >
                {figure(<Trans>People waiting</Trans>, d.waiting_people)}
                {figure(<Trans>Tickets wanted</Trans>, d.waiting_units)}
                {figure(<Trans>On offer</Trans>, d.offered_units)}
              </Box>
            </li>
          ))}
        </Stack>
        <Text size="sm" c="dimmed" id={captionId}>
          {caption}
        </Text>
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table fz="sm" verticalSpacing="xs" data-testid="waitlist-demand">
        <Table.Caption>{caption}</Table.Caption>
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
                {name(d)}
              </Table.Th>
              <Table.Td>{bar(d)}</Table.Td>
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
