import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';

import {
  type BoxOfficeDto,
  type BoxOfficeItemDto,
  type BoxOfficeMethod,
  type BoxOfficeSaleDto,
  currencyExponent,
  formatMoney,
  toMinorUnits,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { MoneyInput } from '../../../components/MoneyInput';
import { isApiError, NETWORK_ERROR, toFormErrors } from '../../../lib/api-error';
import { useSell } from '../api/box-office';
import { quickAmounts } from '../denominations';
import { useOnline } from '../use-online';
import classes from './BoxOffice.module.css';

const keyOf = (i: BoxOfficeItemDto) => `${i.ticket_id}:${i.tier_id ?? ''}`;

/**
 * One sale: large buttons add what the box office sells (a tap is one more), the basket with its total, optional buyer
 * details, then the payment (cash with the amount given and the change, a card terminal's reference, or complimentary
 * with a reason), whether to admit the tickets at once and to mail them.
 */
export function SalePanel({ office, onSold }: { office: BoxOfficeDto; onSold: (sale: BoxOfficeSaleDto) => void }) {
  const { t, i18n } = useLingui();
  const { event } = office;
  const money = (minor: number) => formatMoney(minor, event.currency, i18n.locale);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [method, setMethod] = useState<BoxOfficeMethod>('CASH');
  const [given, setGiven] = useState<number | string>('');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [name, setName] = useState({ first: '', last: '', email: '' });
  const [admit, setAdmit] = useState(false);
  const [listId, setListId] = useState(office.check_in_lists[0]?.id ?? null);
  const [mail, setMail] = useState(false);
  const sell = useSell(event.id);
  const online = useOnline();
  const lostNetwork = !online || (isApiError(sell.error) && sell.error.code === NETWORK_ERROR);

  const sellable = office.items.filter((i) => !i.seated);
  const lines = sellable.filter((i) => (counts[keyOf(i)] ?? 0) > 0);
  const total = lines.reduce((s, i) => s + i.price * counts[keyOf(i)]!, 0);
  const charged = method === 'COMPLIMENTARY' ? 0 : total;
  const givenMinor = given === '' ? null : toMinorUnits(Number(given) || 0, event.currency);
  const change = method === 'CASH' && givenMinor !== null ? givenMinor - charged : null;
  const add = (i: BoxOfficeItemDto, by: number) =>
    setCounts((c) => ({ ...c, [keyOf(i)]: Math.max(0, Math.min(i.available ?? 999, (c[keyOf(i)] ?? 0) + by)) }));
  const fields = isApiError(sell.error) ? toFormErrors(sell.error.fieldErrors) : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const payment =
      method === 'CASH'
        ? { method, given: givenMinor ?? charged }
        : method === 'CARD_TERMINAL'
          ? { method, reference }
          : { method, reason };
    sell.mutate(
      {
        event_date_id: office.date_id,
        items: lines.map((i) => ({ ticket_id: i.ticket_id, tier_id: i.tier_id, quantity: counts[keyOf(i)]! })),
        expected_total: total,
        first_name: name.first || null,
        last_name: name.last || null,
        email: name.email || null,
        payment,
        admit_on_list_id: admit ? listId : null,
        send_tickets: mail && !!name.email,
      },
      {
        onSuccess: (sale) => {
          setCounts({});
          setGiven('');
          setReference('');
          setReason('');
          setName({ first: '', last: '', email: '' });
          onSold(sale);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" role="group" aria-label={t`Tickets and products`}>
            {sellable.map((i) => {
              const count = counts[keyOf(i)] ?? 0;
              const soldOut = i.available !== null && i.available <= count;
              const itemName = i.name;
              return (
                <UnstyledButton
                  key={keyOf(i)}
                  className={classes.item}
                  data-chosen={count > 0 || undefined}
                  disabled={soldOut}
                  onClick={() => add(i, 1)}
                  aria-label={t`Add ${itemName}`}
                  data-testid="box-office-item"
                >
                  <Text fw={700} lineClamp={2}>
                    {i.name}
                  </Text>
                  <Text size="lg" fw={700} c="violet.8">
                    {money(i.price)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {i.available === null ? <Trans>No limit</Trans> : <Trans>{i.available} left</Trans>}
                  </Text>
                  {count > 0 ? (
                    <span className={classes.count} aria-hidden>
                      {count}
                    </span>
                  ) : null}
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
          {office.items.some((i) => i.seated) ? (
            <Text size="sm" c="dimmed" mt="sm">
              <Trans>Seated tickets are not sold here yet: sell them from the event page.</Trans>
            </Text>
          ) : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sale-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="sale-title">
                <Trans>This sale</Trans>
              </Title>
              {lines.length ? (
                <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="sale-lines">
                  {lines.map((i) => {
                    const itemName = i.name;
                    return (
                      <Group key={keyOf(i)} component="li" justify="space-between" wrap="nowrap" gap="xs">
                        <Group gap={6} wrap="nowrap">
                          <ActionIcon variant="default" onClick={() => add(i, -1)} aria-label={t`One ${itemName} less`}>
                            <IconMinus size={16} aria-hidden />
                          </ActionIcon>
                          <Text fw={700}>{counts[keyOf(i)]}</Text>
                          <ActionIcon variant="default" onClick={() => add(i, 1)} aria-label={t`One ${itemName} more`}>
                            <IconPlus size={16} aria-hidden />
                          </ActionIcon>
                          <Text>{i.name}</Text>
                        </Group>
                        <Text>{money(i.price * counts[keyOf(i)]!)}</Text>
                      </Group>
                    );
                  })}
                </Stack>
              ) : (
                <Text c="dimmed">
                  <Trans>Tap a ticket to add it.</Trans>
                </Text>
              )}
              <Group justify="space-between">
                <Text fw={700}>
                  <Trans>Total</Trans>
                </Text>
                <Text fw={700} size="xl" data-testid="sale-total">
                  {money(charged)}
                </Text>
              </Group>

              <SegmentedControl
                fullWidth
                value={method}
                onChange={(v) => setMethod(v as BoxOfficeMethod)}
                aria-label={t`Payment`}
                data={[
                  { value: 'CASH', label: t`Cash` },
                  { value: 'CARD_TERMINAL', label: t`Card terminal` },
                  { value: 'COMPLIMENTARY', label: t`Complimentary` },
                ]}
              />
              {method === 'CASH' ? (
                <Stack gap="xs">
                  <Group gap="xs" role="group" aria-label={t`Amount given`}>
                    {quickAmounts(charged, event.currency).map((amount) => (
                      <Button
                        key={amount}
                        variant={givenMinor === amount ? 'filled' : 'light'}
                        onClick={() => setGiven(amount / 10 ** currencyExponent(event.currency))}
                      >
                        {amount === charged ? <Trans>Exact</Trans> : money(amount)}
                      </Button>
                    ))}
                  </Group>
                  <MoneyInput
                    label={t`Amount given`}
                    currency={event.currency}
                    value={given}
                    onChange={setGiven}
                    error={fields['payment.given']}
                  />
                  {change !== null && change >= 0 ? (
                    <Text size="xl" fw={700} c="teal.9" data-testid="change" role="status">
                      <Trans>Change {money(change)}</Trans>
                    </Text>
                  ) : null}
                </Stack>
              ) : method === 'CARD_TERMINAL' ? (
                <TextInput
                  label={t`Terminal receipt reference`}
                  value={reference}
                  onChange={(e) => setReference(e.currentTarget.value)}
                  error={fields['payment.reference']}
                  required
                />
              ) : (
                <TextInput
                  label={t`Reason`}
                  description={t`Guests of the band, press, a sponsor… Counted apart in the shift.`}
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                  error={fields['payment.reason']}
                  required
                />
              )}

              <SimpleGrid cols={2} spacing="xs">
                <TextInput
                  label={t`First name`}
                  value={name.first}
                  onChange={(e) => setName({ ...name, first: e.currentTarget.value })}
                />
                <TextInput
                  label={t`Last name`}
                  value={name.last}
                  onChange={(e) => setName({ ...name, last: e.currentTarget.value })}
                />
              </SimpleGrid>
              <TextInput
                label={t`E-mail`}
                type="email"
                value={name.email}
                onChange={(e) => setName({ ...name, email: e.currentTarget.value })}
                error={fields.email}
              />
              <Checkbox
                label={t`Mail the tickets`}
                checked={mail}
                disabled={!name.email}
                onChange={(e) => setMail(e.currentTarget.checked)}
              />
              {office.check_in_lists.length ? (
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <Checkbox
                    label={t`Admit at once`}
                    checked={admit}
                    onChange={(e) => setAdmit(e.currentTarget.checked)}
                    mb={8}
                  />
                  {office.check_in_lists.length > 1 ? (
                    <NativeSelect
                      aria-label={t`Check-in list`}
                      value={String(listId ?? '')}
                      onChange={(e) => setListId(Number(e.currentTarget.value))}
                      data={office.check_in_lists.map((l) => ({ value: String(l.id), label: l.name }))}
                      disabled={!admit}
                    />
                  ) : null}
                </Group>
              ) : null}
              {lostNetwork ? (
                <Alert color="orange" variant="light" role="alert" data-testid="box-office-offline">
                  <Trans>
                    No network: this box office cannot sell offline. Nothing was sold; sell again when the network is
                    back.
                  </Trans>
                </Alert>
              ) : sell.error && !Object.keys(fields).length ? (
                <FormErrorAlert error={sell.error} />
              ) : null}
              <Button type="submit" size="xl" disabled={!lines.length || !online} loading={sell.isPending}>
                {method === 'COMPLIMENTARY' ? <Trans>Give tickets</Trans> : <Trans>Complete sale</Trans>}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </form>
  );
}
