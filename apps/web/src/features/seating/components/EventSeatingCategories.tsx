import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';

import { type EventSeatingDto, formatNumber, type TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Group, Select, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { isApiError } from '../../../lib/api-error';
import { useSaveEventSeating } from '../api/event-seating';

type Category = EventSeatingDto['categories'][number];

/** What a category sells as on the screen: a ticket's id ('none': not sold) and its tier's id when tiered. */
interface Choice {
  ticket: string;
  tier: string | null;
}

interface RowErrors {
  ticket?: string;
  tier?: string;
}

const NOT_SOLD = 'none';

/** Tickets that can sell a seat: they admit one person (no product, no pass). */
export const seatTickets = (tickets: TicketDto[]) =>
  tickets.filter((ticket) => ticket.product_type === 'TICKET' && !ticket.is_pass);

const choicesOf = (categories: Category[]): Record<string, Choice> =>
  Object.fromEntries(
    categories.map((c) => [
      c.category,
      { ticket: c.ticket_id ? String(c.ticket_id) : NOT_SOLD, tier: c.tier_id ? String(c.tier_id) : null },
    ]),
  );

function Swatch({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      w={14}
      h={14}
      style={{ borderRadius: '50%', background: colour, flex: 'none', border: '1px solid rgba(0, 0, 0, 0.2)' }}
    />
  );
}

interface EventSeatingCategoriesProps {
  eventId: number;
  planId: number;
  version: number;
  categories: Category[];
  tickets: TicketDto[];
}

/**
 * The version's categories with their seats and standing places, each given the ticket it sells as (and the tier
 * of a tiered ticket) or left not sold. Saving sends every mapping; the API's problems land on their rows.
 */
export function EventSeatingCategories({ eventId, planId, version, categories, tickets }: EventSeatingCategoriesProps) {
  const { t, i18n } = useLingui();
  const theme = useMantineTheme();
  const fallback = theme.colors[theme.primaryColor]?.[6] ?? '#7950f2';
  const save = useSaveEventSeating(eventId);
  const [initial, setInitial] = useState(() => choicesOf(categories));
  const [choices, setChoices] = useState(initial);
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const eligible = seatTickets(tickets);
  const byId = new Map(eligible.map((ticket) => [String(ticket.id), ticket]));
  const ticketOptions = [
    { value: NOT_SOLD, label: t`Not sold` },
    ...eligible.map((ticket) => ({ value: String(ticket.id), label: ticket.name })),
  ];
  const dirty = categories.some(
    (c) =>
      choices[c.category]?.ticket !== initial[c.category]?.ticket ||
      choices[c.category]?.tier !== initial[c.category]?.tier,
  );
  const n = (value: number) => formatNumber(value, i18n.locale);

  const choose = (category: string, choice: Choice) => {
    setChoices((current) => ({ ...current, [category]: choice }));
    setErrors(({ [category]: _, ...rest }) => rest);
  };
  const chooseTicket = (category: string, value: string | null) => {
    const ticket = value ? byId.get(value) : undefined;
    const tiers = ticket?.type === 'TIERED' ? ticket.tiers : [];
    choose(category, { ticket: ticket ? value! : NOT_SOLD, tier: tiers.length === 1 ? String(tiers[0]!.id) : null });
  };

  const onSave = () => {
    setFailure(null);
    const missing: Record<string, RowErrors> = {};
    const sent: string[] = [];
    const body = [];
    for (const c of categories) {
      const choice = choices[c.category];
      const ticket = choice ? byId.get(choice.ticket) : undefined;
      if (!choice || !ticket) continue;
      if (ticket.type === 'TIERED' && !choice.tier) {
        missing[c.category] = { tier: t`Choose a tier of this ticket.` };
        continue;
      }
      sent.push(c.category);
      body.push({
        category: c.category,
        ticket_id: ticket.id,
        tier_id: ticket.type === 'TIERED' && choice.tier ? Number(choice.tier) : null,
      });
    }
    setErrors(missing);
    if (Object.keys(missing).length) return;
    save.mutate(
      { plan_id: planId, version, categories: body },
      {
        onSuccess: (seating) => {
          const saved = choicesOf(seating.categories);
          setInitial(saved);
          setChoices(saved);
          notifications.show({ color: 'teal', message: t`Seating saved.` });
        },
        onError: (error) => {
          const rows: Record<string, RowErrors> = {};
          let placed = false;
          if (isApiError(error)) {
            for (const [field, messages] of Object.entries(error.fieldErrors)) {
              const match = /^categories\.(\d+)\.(category|ticket_id|tier_id)$/.exec(field);
              const category = match ? sent[Number(match[1])] : undefined;
              if (!match || category === undefined || !messages.length) continue;
              const row = (rows[category] ??= {});
              const key = match[2] === 'tier_id' ? 'tier' : 'ticket';
              row[key] = [row[key], ...messages].filter(Boolean).join(' ');
              placed = true;
            }
          }
          setErrors(rows);
          if (!placed) setFailure(error);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {!eligible.length ? (
        <Alert color="violet" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <Trans>
                This event has no ticket that admits one person yet. Create one to sell these seats; products and passes
                cannot sell a seat.
              </Trans>
            </Text>
            <Button component={Link} to={`/manage/event/${eventId}/tickets`} size="xs" variant="light">
              <Trans>Go to tickets</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <FormErrorAlert error={failure} />
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-label={t`Categories`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Category</Trans>
              </Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>
                <Trans>Seats</Trans>
              </Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>
                <Trans>Standing</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Sold as</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {categories.map((c) => {
              const name = c.category;
              const choice = choices[name] ?? { ticket: NOT_SOLD, tier: null };
              const ticket = byId.get(choice.ticket);
              const rowErrors = errors[name] ?? {};
              return (
                <Table.Tr key={name} data-testid="seating-category-row">
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Swatch colour={c.color ?? fallback} />
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    <Text size="sm">{n(c.seats)}</Text>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    <Text size="sm">{n(c.standing)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" align="flex-start" wrap="nowrap">
                      <Select
                        aria-label={t`Ticket for ${name}`}
                        data={ticketOptions}
                        value={ticket ? choice.ticket : NOT_SOLD}
                        onChange={(value) => chooseTicket(name, value)}
                        allowDeselect={false}
                        error={rowErrors.ticket}
                        w={220}
                      />
                      {ticket?.type === 'TIERED' ? (
                        <Select
                          aria-label={t`Tier for ${name}`}
                          placeholder={t`Choose a tier`}
                          data={ticket.tiers.map((tier) => ({ value: String(tier.id), label: tier.label }))}
                          value={choice.tier}
                          onChange={(value) => choose(name, { ticket: choice.ticket, tier: value })}
                          allowDeselect={false}
                          error={rowErrors.tier}
                          w={180}
                        />
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button onClick={onSave} loading={save.isPending} disabled={!dirty}>
          <Trans>Save</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
