import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Table.css';

import { type BoxOfficeShiftDto, formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NumberInput, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useCloseShift } from '../api/box-office';
import { denominationsOf } from '../denominations';

/** The difference in words and colour: over, short, or even. */
function Difference({ minor, money }: { minor: number; money: (m: number) => string }) {
  const amount = money(Math.abs(minor));
  if (minor === 0)
    return (
      <Text fw={700} c="teal.9">
        <Trans>Even: the cash matches.</Trans>
      </Text>
    );
  return minor > 0 ? (
    <Text fw={700} c="orange.9">
      <Trans>{amount} over</Trans>
    </Text>
  ) : (
    <Text fw={700} c="red.8">
      <Trans>{amount} short</Trans>
    </Text>
  );
}

/** The shift's sales and cash as kept at the close: a closed shift's report. */
export function ShiftSummary({ shift, currency }: { shift: BoxOfficeShiftDto; currency: string }) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="shift-summary">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">
            <Trans>Float</Trans>
          </Table.Th>
          <Table.Td ta="end">{money(shift.float)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">
            <Trans>Cash sales ({shift.sales.CASH.count})</Trans>
          </Table.Th>
          <Table.Td ta="end">{money(shift.sales.CASH.total)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">
            <Trans>Card terminal ({shift.sales.CARD_TERMINAL.count})</Trans>
          </Table.Th>
          <Table.Td ta="end">{money(shift.sales.CARD_TERMINAL.total)}</Table.Td>
        </Table.Tr>
        {shift.sales.CARD_STRIPE.count ? (
          <Table.Tr>
            <Table.Th scope="row">
              <Trans>Card through Stripe ({shift.sales.CARD_STRIPE.count})</Trans>
            </Table.Th>
            <Table.Td ta="end">{money(shift.sales.CARD_STRIPE.total)}</Table.Td>
          </Table.Tr>
        ) : null}
        <Table.Tr>
          <Table.Th scope="row">
            <Trans>Complimentary</Trans>
          </Table.Th>
          <Table.Td ta="end">{shift.sales.COMPLIMENTARY.count}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">
            <Trans>Voided</Trans>
          </Table.Th>
          <Table.Td ta="end">{shift.voided}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">
            <Trans>Cash expected</Trans>
          </Table.Th>
          <Table.Td ta="end" fw={700}>
            {money(shift.expected_cash)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * Closing a shift: the notes and coins counted, one field per denomination, with the sum counted, the cash expected
 * and the difference as they are typed; once closed, the shift's report (it never changes again).
 */
export function CloseShiftDialog({
  eventId,
  shift,
  currency,
  opened,
  onClose,
  onClosed,
}: {
  eventId: number;
  shift: BoxOfficeShiftDto;
  currency: string;
  opened: boolean;
  onClose: () => void;
  onClosed: () => void;
}) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [note, setNote] = useState('');
  const [closed, setClosed] = useState<BoxOfficeShiftDto | null>(null);
  const close = useCloseShift(eventId);
  const denominations = denominationsOf(currency);
  const counted = denominations.reduce((s, v) => s + v * (counts[v] ?? 0), 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    close.mutate(
      {
        shiftId: shift.id,
        body: {
          counted: denominations.map((value) => ({ value, count: counts[value] ?? 0 })).filter((c) => c.count > 0),
          note: note || null,
        },
      },
      { onSuccess: setClosed },
    );
  };
  const done = () => {
    setCounts({});
    setNote('');
    const wasClosed = closed !== null;
    setClosed(null);
    onClose();
    if (wasClosed) onClosed();
  };

  return (
    <AppModal opened={opened} onClose={done} title={closed ? t`Shift closed` : t`Close shift`} size="lg">
      {closed ? (
        <Stack gap="md">
          <ShiftSummary shift={closed} currency={currency} />
          <Group justify="space-between">
            <Text>
              <Trans>Counted {money(closed.counted_total ?? 0)}</Trans>
            </Text>
            <Difference minor={closed.difference ?? 0} money={money} />
          </Group>
          <Button onClick={done}>
            <Trans>Done</Trans>
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ShiftSummary shift={shift} currency={currency} />
            <Text fw={700}>
              <Trans>Count the cash in the drawer</Trans>
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
              {denominations.map((value) => {
                const label = money(value);
                return (
                  <NumberInput
                    key={value}
                    label={label}
                    aria-label={t`How many of ${label}`}
                    min={0}
                    max={100_000}
                    allowDecimal={false}
                    allowNegative={false}
                    value={counts[value] ?? ''}
                    onChange={(v) => setCounts((c) => ({ ...c, [value]: Number(v) || 0 }))}
                  />
                );
              })}
            </SimpleGrid>
            <Group justify="space-between" data-testid="close-totals">
              <Text>
                <Trans>Counted {money(counted)}</Trans>
              </Text>
              <Difference minor={counted - shift.expected_cash} money={money} />
            </Group>
            <Textarea label={t`Note`} value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize />
            <FormErrorAlert error={close.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={done}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={close.isPending}>
                <Trans>Close shift</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
