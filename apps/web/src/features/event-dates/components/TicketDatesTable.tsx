import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';

import {
  currencyExponent,
  decimalSeparator,
  formatMoney,
  formatNumber,
  fromMinorUnits,
  type TicketDateBody,
  type TicketDateDto,
  type TicketDto,
  toMinorUnits,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { ListBody } from '../../../components/ListBody';
import { MoneyInput } from '../../../components/MoneyInput';
import { isApiError, toFormErrors } from '../../../lib/api-error';
import { numberOf } from '../../../lib/number-input';
import { usePhone } from '../../../lib/use-phone';
import { useTickets } from '../../tickets/api/tickets';
import { useSaveTicketDate, useTicketDates } from '../api/event-dates';

interface TicketDatesTableProps {
  eventId: number;
  dateId: number;
  currency: string;
}

/** Every ticket of the event on one date: sold there or not, its quantity and (one fixed price) its price there. */
export function TicketDatesTable({ eventId, dateId, currency }: TicketDatesTableProps) {
  const { t } = useLingui();
  const rows = useTicketDates(eventId, dateId);
  const tickets = useTickets(eventId);
  const phone = usePhone();
  return (
    <ListBody
      queries={[rows, tickets]}
      empty={(list) =>
        !list.length && (
          <Text size="sm" c="dimmed">
            <Trans>The event has no tickets yet.</Trans>
          </Text>
        )
      }
    >
      {(list, ticketList) => {
        const items = list.flatMap((row) => {
          const ticket = ticketList.find((x) => x.id === row.ticket_id);
          return ticket ? [{ row, ticket, key: `${row.ticket_id}-${row.enabled}-${row.quantity}-${row.price}` }] : [];
        });
        if (phone)
          return (
            <Stack component="ul" role="list" aria-label={t`Tickets on this date`} gap="xs" m={0} p={0}>
              {items.map(({ row, ticket, key }) => (
                <TicketDateRow
                  key={key}
                  eventId={eventId}
                  dateId={dateId}
                  ticket={ticket}
                  row={row}
                  currency={currency}
                  asCard
                />
              ))}
            </Stack>
          );
        return (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label={t`Tickets on this date`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Ticket</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Sold on this date</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Quantity here</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Price here</Trans>
                  </Table.Th>
                  <Table.Th>
                    <VisuallyHidden>
                      <Trans>Actions</Trans>
                    </VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map(({ row, ticket, key }) => (
                  <TicketDateRow
                    key={key}
                    eventId={eventId}
                    dateId={dateId}
                    ticket={ticket}
                    row={row}
                    currency={currency}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        );
      }}
    </ListBody>
  );
}

interface TicketDateRowProps {
  eventId: number;
  dateId: number;
  ticket: TicketDto;
  row: TicketDateDto;
  currency: string;
  /** A card in a list (a phone) rather than a table row. */
  asCard?: boolean;
}

/** One ticket on the date, saved on its own: the switch, its quantity there (empty: the ticket's) and price there. */
function TicketDateRow({ eventId, dateId, ticket, row, currency, asCard }: TicketDateRowProps) {
  const { t, i18n } = useLingui();
  const save = useSaveTicketDate(eventId, dateId);
  const fixedPrice = ticket.type === 'PAID';
  const initial = {
    enabled: row.enabled,
    quantity: row.quantity ?? ('' as number | string),
    price: row.price === null ? ('' as number | string) : fromMinorUnits(row.price, currency),
  };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const dirty =
    values.enabled !== initial.enabled ||
    String(values.quantity) !== String(initial.quantity) ||
    String(values.price) !== String(initial.price);
  const name = ticket.name;
  const taken = formatNumber(row.taken, i18n.locale);
  const ticketQuantity = ticket.quantity === null ? t`No limit` : formatNumber(ticket.quantity, i18n.locale);
  const ticketPrice = fixedPrice && ticket.price !== null ? formatMoney(ticket.price, currency, i18n.locale) : null;
  // The ticket's own price as the money field would show it ("45.00", "45,00"): what an empty field means.
  const pricePlaceholder =
    ticket.price === null
      ? ''
      : fromMinorUnits(ticket.price, currency)
          .toFixed(currencyExponent(currency))
          .replace('.', decimalSeparator(i18n.locale));

  const submit = () => {
    const price = numberOf(values.price);
    const body: TicketDateBody = {
      enabled: values.enabled,
      quantity: numberOf(values.quantity),
      ...(fixedPrice ? { price: price === null ? null : toMinorUnits(price, currency) } : {}),
    };
    setErrors({});
    setError(null);
    save.mutate(
      { ticketId: ticket.id, body },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t`${name} saved for this date.` }),
        onError: (e) => {
          const fields = isApiError(e) ? toFormErrors(e.fieldErrors) : {};
          if (Object.keys(fields).length) setErrors(fields);
          else setError(e);
        },
      },
    );
  };

  const about = (
    <>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {ticketPrice ? (
          <Trans>
            {taken} sold here · ticket: {ticketPrice}
          </Trans>
        ) : (
          <Trans>{taken} sold here</Trans>
        )}
      </Text>
    </>
  );
  const sold = (
    <Switch
      // On a card the words are shown; in the table the column's heading says it.
      aria-label={asCard ? undefined : t`Sell ${name} on this date`}
      label={asCard ? t`Sell ${name} on this date` : undefined}
      checked={values.enabled}
      onChange={(e) => {
        const enabled = e.currentTarget.checked;
        setValues((v) => ({ ...v, enabled }));
      }}
    />
  );
  const quantity = (
    <NumberInput
      aria-label={asCard ? undefined : t`Quantity of ${name} on this date`}
      label={asCard ? t`Quantity here` : undefined}
      placeholder={ticketQuantity}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator={false}
      w={asCard ? undefined : 120}
      value={values.quantity}
      onChange={(q) => setValues((v) => ({ ...v, quantity: q }))}
      error={errors.quantity}
    />
  );
  const price = fixedPrice ? (
    <MoneyInput
      aria-label={asCard ? undefined : t`Price of ${name} on this date`}
      label={asCard ? t`Price here` : undefined}
      placeholder={pricePlaceholder}
      currency={currency}
      w={asCard ? undefined : 140}
      value={values.price}
      onChange={(p) => setValues((v) => ({ ...v, price: p }))}
      error={errors.price}
    />
  ) : (
    <Text size="xs" c="dimmed">
      {ticket.type === 'FREE' ? <Trans>Free</Trans> : <Trans>The ticket's prices</Trans>}
    </Text>
  );
  const saveButton = (
    <Button
      size="xs"
      variant="light"
      disabled={!dirty}
      loading={save.isPending}
      onClick={submit}
      aria-label={t`Save ${name} on this date`}
    >
      <Trans>Save</Trans>
    </Button>
  );

  if (asCard)
    return (
      <li style={{ listStyle: 'none' }}>
        <Card withBorder radius="md" padding="sm">
          <Stack gap="xs">
            <div>{about}</div>
            {sold}
            <SimpleGrid cols={fixedPrice ? 2 : 1} spacing="xs">
              {quantity}
              {fixedPrice ? price : null}
            </SimpleGrid>
            {fixedPrice ? null : price}
            <FormErrorAlert error={error} />
            <Group justify="flex-end">{saveButton}</Group>
          </Stack>
        </Card>
      </li>
    );

  return (
    <>
      <Table.Tr>
        <Table.Td>{about}</Table.Td>
        <Table.Td>{sold}</Table.Td>
        <Table.Td>{quantity}</Table.Td>
        <Table.Td>{price}</Table.Td>
        <Table.Td>{saveButton}</Table.Td>
      </Table.Tr>
      {error ? (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <FormErrorAlert error={error} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
