import { formatMoney, fromMinorUnits, type OrderDetailDto, refundOrderBody, toMinorUnits } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';

import { FormActions } from '../../../components/FormActions';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { MoneyInput } from '../../../components/MoneyInput';
import { useFormError } from '../../../lib/form-submit';
import { useRefundOrder } from '../api/orders';

interface RefundValues {
  amount: number | string;
  cancel_order: boolean;
  notify_buyer: boolean;
}

/** Refund all or part of a card payment; optionally cancel the order and e-mail the buyer. */
export function RefundForm({ eventId, order, onDone }: { eventId: number; order: OrderDetailDto; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const refund = useRefundOrder(eventId, order.id);
  const currency = order.currency;
  const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
  const refundable = money(order.refundable);
  const form = useForm<RefundValues>({
    initialValues: { amount: fromMinorUnits(order.refundable, currency), cancel_order: false, notify_buyer: true },
    validate: {
      amount: (v) => {
        const minor = typeof v === 'number' ? toMinorUnits(v, currency) : 0;
        if (minor < 1) return t`Enter an amount to refund.`;
        if (minor > order.refundable) return t`At most ${refundable} can be refunded.`;
        return null;
      },
    },
  });
  const formError = useFormError(form.setErrors);

  const submit = (values: RefundValues) => {
    formError.clear();
    const minor = toMinorUnits(Number(values.amount), currency);
    const body = refundOrderBody.parse({
      amount: minor,
      cancel_order: values.cancel_order,
      notify_buyer: values.notify_buyer,
    });
    refund.mutate(body, {
      onSuccess: (next) => {
        const amount = money(minor);
        notifications.show({
          color: next.status === 'REFUND_FAILED' ? 'red' : 'teal',
          message:
            next.status === 'REFUND_PENDING'
              ? t`The refund of ${amount} is on its way: the payment provider is processing it.`
              : next.status === 'REFUND_FAILED'
                ? t`The payment provider refused the refund of ${amount}.`
                : t`${amount} refunded.`,
        });
        onDone();
      },
      onError: formError.fail,
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={formError.error} />
        {order.status === 'REFUND_FAILED' ? (
          <Alert color="red" variant="light">
            <Trans>The last refund of this order failed. You can try again.</Trans>
          </Alert>
        ) : null}
        <Text size="sm">
          <Trans>Up to {refundable} can be refunded to the card that paid.</Trans>
        </Text>
        <MoneyInput
          label={t`Amount to refund`}
          currency={currency}
          required
          data-autofocus
          {...form.getInputProps('amount')}
        />
        <Checkbox
          label={t`Also cancel the order (its tickets return to the pool)`}
          {...form.getInputProps('cancel_order', { type: 'checkbox' })}
        />
        <Checkbox
          label={t`E-mail the buyer once the refund is done`}
          {...form.getInputProps('notify_buyer', { type: 'checkbox' })}
        />
        <FormActions onCancel={onDone} loading={refund.isPending} danger>
          <Trans>Refund</Trans>
        </FormActions>
      </Stack>
    </form>
  );
}
