import '@mantine/core/styles/Radio.css';

import {
  type ExchangeDateDto,
  type ExchangePaymentDto,
  formatDateTime,
  formatMoney,
  type PublicOrderDto,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Group, Loader, Modal, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, Suspense, useEffect, useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { dateWithLabel } from '../../lib/format';
import { exchangeDates, exchangeOrder, syncExchange } from './self-service-api';
import { SelfServiceDialog } from './SelfServiceDialog';
import { useSubmitChange } from './use-submit-change';

/** The difference's card payment: Stripe's code loads only when a buyer pays (as at checkout). */
const ExchangePaymentStep = lazy(() => import('./ExchangePaymentStep'));

/**
 * Moving the order to another date of the event, where the event lets buyers do it (until its cut-off): the
 * dates it may go to, each with what it costs against the order now (the same, more: paid by card first, less:
 * refunded); the tickets keep their codes.
 */
export function ChangeDateSection({
  order,
  onChange,
}: {
  order: PublicOrderDto;
  onChange: (order: PublicOrderDto) => void;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const self = order.self_service;
  if (!self?.can_exchange) return null;
  const until = self.exchange_until ? formatDateTime(self.exchange_until, order.event.timezone, i18n.locale) : null;
  return (
    <Stack component="section" aria-labelledby="change-date-heading" gap="xs">
      <Title order={2} size="h4" id="change-date-heading">
        <Trans>Change the date</Trans>
      </Title>
      <Text size="sm">
        {until ? <Trans>You can move this order to another date until {until}.</Trans> : null}{' '}
        <Trans>Your tickets keep their codes.</Trans>
      </Text>
      <Group>
        <Button variant="light" onClick={() => setOpen(true)}>
          <Trans>Change date</Trans>
        </Button>
      </Group>
      {open ? <ChangeDateDialog order={order} onChange={onChange} onClose={() => setOpen(false)} /> : null}
    </Stack>
  );
}

function ChangeDateDialog({
  order,
  onChange,
  onClose,
}: {
  order: PublicOrderDto;
  onChange: (order: PublicOrderDto) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [dates, setDates] = useState<ExchangeDateDto[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [payment, setPayment] = useState<{ pay: ExchangePaymentDto; date: ExchangeDateDto } | null>(null);
  const tz = order.event.timezone;
  const money = (amount: number) => formatMoney(Math.abs(amount), order.currency, i18n.locale);
  /** What a date costs against the order now, and how the difference is settled (nothing when it is the same). */
  const priceNote = (d: ExchangeDateDto): string | undefined => {
    const amount = money(d.difference);
    const total = money(d.total);
    switch (d.settlement) {
      case 'CARD':
        return t`${amount} more, paid by card before your tickets move`;
      case 'CARD_UNAVAILABLE':
        return t`${amount} more: this event takes no card payment for the difference`;
      case 'REFUND':
        return t`${amount} less, refunded to your card`;
      case 'ORGANIZER_REFUNDS':
        return t`${amount} less, returned to you by the organizer`;
      case 'OWED':
        return t`New total: ${total}`;
      default:
        return undefined;
    }
  };
  useEffect(() => {
    exchangeDates(order.event.id, order.short_id, i18n.locale).then(setDates, setLoadError);
  }, [order.event.id, order.short_id, i18n.locale]);
  const form = useForm<{ event_date_id: string }>({
    initialValues: { event_date_id: '' },
    validate: { event_date_id: (v) => (v ? null : t`Choose a date.`) },
  });
  const { submit, failure, busy } = useSubmitChange(form, async (values) => {
    const answer = await exchangeOrder(
      order.event.id,
      order.short_id,
      { event_date_id: Number(values.event_date_id) },
      i18n.locale,
    );
    onChange(answer.data);
    const chosen = dates?.find((d) => String(d.id) === values.event_date_id);
    if (answer.payment && chosen) return setPayment({ pay: answer.payment, date: chosen });
    const when = chosen ? dateWithLabel(chosen, tz, i18n.locale) : '';
    const moved = t`Your tickets are now for ${when}. We have e-mailed you the new time.`;
    const amount = money(chosen?.difference ?? 0);
    const total = money(chosen?.total ?? 0);
    const extra =
      chosen?.settlement === 'REFUND'
        ? t`The difference of ${amount} is being refunded to your card.`
        : chosen?.settlement === 'ORGANIZER_REFUNDS'
          ? t`The organizer will return the difference of ${amount} to you.`
          : chosen?.settlement === 'OWED'
            ? t`Your order's total is now ${total}.`
            : '';
    setDone(extra ? `${moved} ${extra}` : moved);
  });

  if (payment)
    return (
      <ExchangePaymentDialog
        order={order}
        date={payment.date}
        payment={payment.pay}
        onChange={onChange}
        onClose={onClose}
      />
    );
  return (
    <SelfServiceDialog
      title={t`Change the date of order ${order.order_number}`}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      busy={busy}
      action={<Trans>Move my tickets</Trans>}
      done={done}
    >
      {order.date ? (
        <Text size="sm">
          <Trans>Now: {dateWithLabel(order.date, tz, i18n.locale)}</Trans>
        </Text>
      ) : null}
      {loadError ? <FormErrorAlert error={loadError} /> : null}
      {!dates && !loadError ? <Loader size="sm" aria-label={t`Loading the dates`} /> : null}
      {dates && dates.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No other date is open for this order now.</Trans>
        </Text>
      ) : null}
      {dates && dates.length > 0 ? (
        <Radio.Group label={t`New date`} required {...form.getInputProps('event_date_id')}>
          <Stack gap="xs" mt={6}>
            {dates.map((d) => (
              <Radio
                key={d.id}
                value={String(d.id)}
                disabled={!d.enough || d.settlement === 'CARD_UNAVAILABLE'}
                label={dateWithLabel(d, tz, i18n.locale)}
                description={d.enough ? priceNote(d) : t`Not enough tickets left on this date`}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
    </SelfServiceDialog>
  );
}

/**
 * A dearer date's difference, paid by card before the order moves: the Payment Element, then the server asked for
 * the outcome (the order moves; when the date filled up meanwhile the payment goes back).
 */
function ExchangePaymentDialog({
  order,
  date,
  payment,
  onChange,
  onClose,
}: {
  order: PublicOrderDto;
  date: ExchangeDateDto;
  payment: ExchangePaymentDto;
  onChange: (order: PublicOrderDto) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [outcome, setOutcome] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const when = dateWithLabel(date, order.event.timezone, i18n.locale);
  const amount = formatMoney(payment.amount, order.currency, i18n.locale);
  const confirmed = () => {
    syncExchange(order.event.id, order.short_id, payment.exchange_id, i18n.locale).then((r) => {
      onChange(r.data);
      const status = r.exchange?.status;
      setOutcome(
        status === 'APPLIED'
          ? t`Paid. Your tickets are now for ${when}. We have e-mailed you the new time.`
          : status === 'REFUNDED'
            ? t`That date filled up while you paid: your order stays on its date, and the ${amount} you paid is being refunded to your card.`
            : t`Your payment is being processed. Your tickets move as soon as it is confirmed, and we will e-mail you.`,
      );
    }, setFailure);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Pay the difference`}
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md">
        <div aria-live="polite">{outcome}</div>
        <FormErrorAlert error={failure} />
        {outcome ? (
          <Group justify="flex-end">
            <Button onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
          </Group>
        ) : (
          <>
            <Text size="sm">
              <Trans>
                {when} costs {amount} more. Pay the difference by card; your tickets move to the new date once it is
                paid.
              </Trans>
            </Text>
            <Suspense
              fallback={
                <Center py="lg" role="status" aria-label={t`Preparing card payment`}>
                  <Loader />
                </Center>
              }
            >
              <ExchangePaymentStep order={order} payment={payment} onConfirmed={confirmed} />
            </Suspense>
          </>
        )}
      </Stack>
    </Modal>
  );
}
