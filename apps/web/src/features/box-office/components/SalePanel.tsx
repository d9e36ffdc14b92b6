import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';

import {
  type BoxOfficeDto,
  type BoxOfficeItemDto,
  type BoxOfficeMethod,
  type BoxOfficeSaleDto,
  type CardSaleDto,
  currencyExponent,
  formatMoney,
  type Locale,
  priceUnit,
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
import { useForm } from '@mantine/form';
import { IconArmchair, IconMinus, IconPlus } from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { MoneyInput } from '../../../components/MoneyInput';
import { isApiError, NETWORK_ERROR, toFormErrors } from '../../../lib/api-error';
import { lineKey } from '../../../lib/line-key';
import { type AnswerValues, answerValues } from '../../orders/answer-values';
import { AnswerFields } from '../../orders/components/AnswerFields';
import { useSell, useStartCardSale } from '../api/box-office';
import { quickAmounts } from '../denominations';
import { itemKey, unitsPerItem } from '../offline-store';
import type { DeviceStockApi } from '../use-device-stock';
import classes from './BoxOffice.module.css';
import { SeatChooser, type SeatPickerComponent } from './SeatChooser';

// Stripe's code loads only when a card is taken.
const CardSaleDialog = lazy(() => import('./CardSaleDialog'));

/** An answer left empty (text, a list of choices, or an address's parts). */
const blankAnswer = (v: AnswerValues[string] | undefined) =>
  v === undefined ||
  (typeof v === 'string' ? !v.trim() : Array.isArray(v) ? !v.length : Object.values(v).every((p) => !String(p).trim()));

const keyOf = (i: BoxOfficeItemDto) => `${i.ticket_id}:${i.tier_id ?? ''}`;

/**
 * One sale: large buttons add what the box office sells (a tap is one more), the basket with its total, optional buyer
 * details, then the payment (cash with the amount given and the change, a card terminal's reference, or complimentary
 * with a reason), whether to admit the tickets at once and to mail them.
 */
export function SalePanel({
  office,
  device,
  seatPicker,
  onSold,
}: {
  office: BoxOfficeDto;
  device: DeviceStockApi;
  seatPicker: SeatPickerComponent;
  onSold: (sale: BoxOfficeSaleDto, offlineQr?: Record<string, string>) => void;
}) {
  const { t, i18n } = useLingui();
  const { event } = office;
  const money = (minor: number) => formatMoney(minor, event.currency, i18n.locale);
  const [counts, setCounts] = useState<Record<string, number>>({});
  // A donation's amount per ticket (major units as typed); its minimum when none is given.
  const [amounts, setAmounts] = useState<Record<string, number | string>>({});
  const amountOf = (i: BoxOfficeItemDto): number | null => {
    if (i.min_amount === null) return null;
    const typed = amounts[keyOf(i)];
    const minor = typed === '' || typed === undefined ? i.min_amount : toMinorUnits(Number(typed) || 0, event.currency);
    return Math.max(i.min_amount, minor);
  };
  /** One unit as the buyer pays it: a donation's from its amount, with its taxes and fees. */
  const unitPrice = (i: BoxOfficeItemDto) =>
    i.min_amount === null ? i.price : priceUnit('DONATION', amountOf(i)!, i.charges).total;
  const [method, setMethod] = useState<BoxOfficeMethod>('CASH');
  const [given, setGiven] = useState<number | string>('');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [name, setName] = useState({ first: '', last: '', email: '' });
  const [admit, setAdmit] = useState(false);
  const [listId, setListId] = useState(office.check_in_lists[0]?.id ?? null);
  const [mail, setMail] = useState(false);
  const sell = useSell(event.id);
  // The questions the organizer asks at the door, answered once per sale.
  const door = useForm<{ answers: AnswerValues }>({
    initialValues: { answers: answerValues(office.questions, []) },
  });
  const startCard = useStartCardSale(event.id);
  const [cardSale, setCardSale] = useState<CardSaleDto | null>(null);
  const { online } = device;
  // Without a network the device sells from the units kept for the door that its shift holds, if any.
  const onDevice = unitsPerItem(device.units);
  const offline = !online && device.units.length > 0;
  const lostNetwork = !offline && (!online || (isApiError(sell.error) && sell.error.code === NETWORK_ERROR));
  const leftOf = (i: BoxOfficeItemDto) => (offline ? (onDevice.get(itemKey(i)) ?? 0) : i.available);

  const sellable = office.items.filter((i) => !i.seated);
  const lines = sellable.filter((i) => (counts[keyOf(i)] ?? 0) > 0);
  // Seated tickets: chosen on the plan (online only), as the seat picker's lines.
  const [seats, setSeats] = useState<Record<string, number[]>>({});
  const [choosing, setChoosing] = useState(false);
  const [pickerKey, setPickerKey] = useState(0);
  const seatedLines = offline
    ? []
    : office.items.flatMap((item) => {
        const ids = item.seated ? (seats[lineKey(item.ticket_id, item.tier_id)] ?? []) : [];
        return ids.length ? [{ item, ids }] : [];
      });
  const total =
    lines.reduce((s, i) => s + unitPrice(i) * counts[keyOf(i)]!, 0) +
    seatedLines.reduce((s, l) => s + l.item.price * l.ids.length, 0);
  const givenMinor = given === '' ? null : toMinorUnits(Number(given) || 0, event.currency);
  const add = (i: BoxOfficeItemDto, by: number) =>
    setCounts((c) => ({ ...c, [keyOf(i)]: Math.max(0, Math.min(leftOf(i) ?? 999, (c[keyOf(i)] ?? 0) + by)) }));
  const payMethod = offline && (method === 'CARD_TERMINAL' || method === 'CARD_STRIPE') ? 'CASH' : method;
  const charged = payMethod === 'COMPLIMENTARY' ? 0 : total;
  const change = payMethod === 'CASH' && givenMinor !== null ? givenMinor - charged : null;
  const reset = () => {
    door.reset();
    setCounts({});
    setAmounts({});
    setSeats({});
    setPickerKey((k) => k + 1);
    setGiven('');
    setReference('');
    setReason('');
    setName({ first: '', last: '', email: '' });
  };
  // Offline, the device checks what the server would: enough cash, a reason for a free ticket.
  const [offlineFields, setOfflineFields] = useState<Record<string, string>>({});
  const fields = offline ? offlineFields : isApiError(sell.error) ? toFormErrors(sell.error.fieldErrors) : {};
  // The server's word on the answers goes on their fields.
  const refused = sell.error ?? startCard.error;
  useEffect(() => {
    const all = isApiError(refused) ? toFormErrors(refused.fieldErrors) : {};
    door.setErrors(Object.fromEntries(Object.entries(all).filter(([k]) => k.startsWith('answers.'))));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form's setter is stable.
  }, [refused]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (offline) {
      const problems: Record<string, string> = {};
      if (payMethod === 'CASH' && givenMinor !== null && givenMinor < charged)
        problems['payment.given'] = t`Less than the total was given.`;
      if (payMethod === 'COMPLIMENTARY' && !reason.trim()) problems['payment.reason'] = t`Give a reason.`;
      setOfflineFields(problems);
      // Required answers, as the server would ask for them.
      const answers = door.getValues().answers;
      const blank = office.questions.filter((q) => q.required && blankAnswer(answers[String(q.id)]));
      door.setErrors(Object.fromEntries(blank.map((q) => [`answers.${q.id}`, t`This field is required.`])));
      if (Object.keys(problems).length || blank.length) return;
      const sold = device.sellOffline({
        dateId: office.date_id!,
        lines: lines.map((item) => ({
          item,
          quantity: counts[keyOf(item)]!,
          amount: amountOf(item),
          unitPrice: unitPrice(item),
        })),
        total,
        currency: event.currency,
        payment:
          payMethod === 'COMPLIMENTARY'
            ? { method: payMethod, reason }
            : { method: 'CASH', given: givenMinor ?? charged },
        first_name: name.first || null,
        last_name: name.last || null,
        email: name.email || null,
        locale: i18n.locale as Locale,
        admit_on_list_id: admit ? listId : null,
        send_tickets: mail && !!name.email,
        answers: door.getValues().answers,
      });
      if (sold) {
        reset();
        onSold(sold.receipt, sold.qr);
      }
      return;
    }
    const sale = {
      event_date_id: office.date_id,
      items: [
        ...lines.map((i) => ({
          ticket_id: i.ticket_id,
          tier_id: i.tier_id,
          quantity: counts[keyOf(i)]!,
          amount: amountOf(i),
        })),
        ...seatedLines.map(({ item, ids }) => ({
          ticket_id: item.ticket_id,
          tier_id: item.tier_id,
          quantity: ids.length,
          seats: ids,
        })),
      ],
      expected_total: total,
      first_name: name.first || null,
      last_name: name.last || null,
      email: name.email || null,
      send_tickets: mail && !!name.email,
      answers: door.getValues().answers,
    };
    // A card through Stripe: the units are held, then the buyer pays on this device (CardSaleDialog).
    if (method === 'CARD_STRIPE') return startCard.mutate(sale, { onSuccess: setCardSale });
    const payment =
      method === 'CASH'
        ? { method, given: givenMinor ?? charged }
        : method === 'CARD_TERMINAL'
          ? { method, reference }
          : { method: 'COMPLIMENTARY' as const, reason };
    sell.mutate(
      { ...sale, payment, admit_on_list_id: admit ? listId : null },
      {
        onSuccess: (done) => {
          reset();
          onSold(done);
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
              const left = leftOf(i);
              const soldOut = left !== null && left <= count;
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
                    {offline ? (
                      <Trans>{left} on this device</Trans>
                    ) : i.available === null ? (
                      <Trans>No limit</Trans>
                    ) : (
                      <Trans>{i.available} left</Trans>
                    )}
                  </Text>
                  {!offline && i.kept > 0 ? (
                    <Text size="xs" c="dimmed">
                      <Trans>+{i.kept} kept for the door</Trans>
                    </Text>
                  ) : null}
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
            <Stack gap={4} mt="sm" align="flex-start">
              <Button
                size="lg"
                variant="light"
                leftSection={<IconArmchair size={20} aria-hidden />}
                onClick={() => setChoosing(true)}
                disabled={!online}
              >
                <Trans>Choose seats</Trans>
              </Button>
              {!online ? (
                <Text size="sm" c="dimmed">
                  <Trans>Seats are chosen on the plan, which needs the network.</Trans>
                </Text>
              ) : null}
              <SeatChooser
                eventId={event.id}
                dateId={office.date_id}
                opened={choosing}
                resetKey={pickerKey}
                onClose={() => setChoosing(false)}
                onChosen={setSeats}
                picker={seatPicker}
              />
            </Stack>
          ) : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sale-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="sale-title">
                <Trans>This sale</Trans>
              </Title>
              {lines.length || seatedLines.length ? (
                <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="sale-lines">
                  {seatedLines.map(({ item, ids }) => {
                    const itemName = item.name;
                    return (
                      <Group key={keyOf(item)} component="li" justify="space-between" wrap="nowrap" gap="xs">
                        <Group gap={6} wrap="nowrap">
                          <ActionIcon
                            variant="default"
                            onClick={() => setChoosing(true)}
                            aria-label={t`Change the seats of ${itemName}`}
                          >
                            <IconArmchair size={16} aria-hidden />
                          </ActionIcon>
                          <Text fw={700}>{ids.length}</Text>
                          <Text>{item.name}</Text>
                        </Group>
                        <Text>{money(item.price * ids.length)}</Text>
                      </Group>
                    );
                  })}
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
                        <Text>{money(unitPrice(i) * counts[keyOf(i)]!)}</Text>
                      </Group>
                    );
                  })}
                  {lines
                    .filter((i) => i.min_amount !== null)
                    .map((i) => {
                      const itemName = i.name;
                      const least = money(i.min_amount!);
                      return (
                        <MoneyInput
                          key={`amount-${keyOf(i)}`}
                          label={t`Amount per ticket: ${itemName}`}
                          description={t`At least ${least}, before taxes and fees.`}
                          currency={event.currency}
                          value={amounts[keyOf(i)] ?? ''}
                          onChange={(v) => setAmounts((a) => ({ ...a, [keyOf(i)]: v }))}
                          error={fields[`items.${lines.indexOf(i)}.amount`]}
                        />
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
                value={payMethod}
                onChange={(v) => setMethod(v as BoxOfficeMethod)}
                aria-label={t`Payment`}
                data={[
                  { value: 'CASH', label: t`Cash` },
                  ...(office.card_payments ? [{ value: 'CARD_STRIPE', label: t`Card`, disabled: offline }] : []),
                  { value: 'CARD_TERMINAL', label: t`Card terminal`, disabled: offline },
                  { value: 'COMPLIMENTARY', label: t`Complimentary` },
                ]}
              />
              {payMethod === 'CASH' ? (
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
              ) : payMethod === 'CARD_STRIPE' ? (
                <Text size="sm" c="dimmed">
                  <Trans>The buyer pays by card on this device through Stripe; the tickets are held meanwhile.</Trans>
                </Text>
              ) : payMethod === 'CARD_TERMINAL' ? (
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
              <AnswerFields questions={office.questions} form={door} />
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
              {offline ? (
                <Alert color="blue" variant="light" role="status" data-testid="box-office-offline-selling">
                  <Trans>
                    No network: selling from the {device.units.length} tickets kept on this device, for cash or free.
                    The sales are sent as soon as the network is back.
                  </Trans>
                </Alert>
              ) : lostNetwork ? (
                <Alert color="orange" variant="light" role="alert" data-testid="box-office-offline">
                  <Trans>
                    No network, and this device holds no tickets kept for the door: it cannot sell offline. Nothing was
                    sold; sell again when the network is back.
                  </Trans>
                </Alert>
              ) : sell.error && !Object.keys(fields).length ? (
                <FormErrorAlert error={sell.error} />
              ) : startCard.error ? (
                <FormErrorAlert error={startCard.error} />
              ) : null}
              <Button
                type="submit"
                size="xl"
                disabled={(!lines.length && !seatedLines.length) || (!online && !offline)}
                loading={sell.isPending || startCard.isPending}
              >
                {payMethod === 'COMPLIMENTARY' ? (
                  <Trans>Give tickets</Trans>
                ) : payMethod === 'CARD_STRIPE' ? (
                  <Trans>Take the card</Trans>
                ) : (
                  <Trans>Complete sale</Trans>
                )}
              </Button>
              {cardSale ? (
                <Suspense fallback={null}>
                  <CardSaleDialog
                    eventId={event.id}
                    started={cardSale}
                    admitListId={admit ? listId : null}
                    onClose={() => setCardSale(null)}
                    onPaid={(done) => {
                      setCardSale(null);
                      reset();
                      onSold(done);
                    }}
                  />
                </Suspense>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </form>
  );
}
