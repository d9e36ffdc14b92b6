import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';

import { AppModal } from '../../../components/AppModal';
import { FormActions } from '../../../components/FormActions';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useFormError } from '../../../lib/form-submit';
import { useCancelEventDate, useDateCancellationPreview } from '../api/event-dates';

interface CancelDateDialogProps {
  eventId: number;
  /** The date to cancel; null: closed. */
  dateId: number | null;
  /** The date as the screen names it ("Sat 8 June 2027, 19:00 (Closing night)"). */
  name: string;
  onClose: () => void;
}

interface CancelValues {
  refund: boolean;
  message: string;
}

/**
 * Confirms cancelling one date: how many orders and tickets it holds, whether card-paid orders are
 * refunded, and the organizer's words to the buyers. Done, it closes and says how many orders are
 * being cancelled (the server works through them order by order).
 */
export function CancelDateDialog({ eventId, dateId, name, onClose }: CancelDateDialogProps) {
  const { t } = useLingui();
  const preview = useDateCancellationPreview(eventId, dateId);
  const cancel = useCancelEventDate(eventId);
  const form = useForm<CancelValues>({ initialValues: { refund: true, message: '' } });
  const formError = useFormError(form.setErrors);

  const close = () => {
    onClose();
    cancel.reset();
    formError.clear();
    form.reset();
  };
  const submit = (values: CancelValues) => {
    if (dateId === null) return;
    formError.clear();
    cancel.mutate(
      { id: dateId, body: { refund: values.refund, message: values.message.trim() || null } },
      {
        onSuccess: ({ cancellation }) => {
          const orders = cancellation.orders;
          notifications.show({
            color: 'teal',
            message: plural(orders, {
              0: 'The date was cancelled. It had no orders.',
              one: 'The date was cancelled. # order is being cancelled.',
              other: 'The date was cancelled. # orders are being cancelled.',
            }),
          });
          close();
        },
        onError: formError.fail,
      },
    );
  };

  const held = preview.data;
  return (
    <AppModal opened={dateId !== null} onClose={close} title={<Trans>Cancel this date</Trans>}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={formError.error ?? preview.error} />
          <Text>
            <Trans>Cancel {name}? Buyers can no longer choose it.</Trans>
          </Text>
          {held ? (
            <Text data-testid="date-holds">
              {plural(held.orders, {
                0: 'It holds no orders.',
                one: 'It holds # order.',
                other: 'It holds # orders.',
              })}{' '}
              {held.orders > 0
                ? plural(held.tickets, {
                    one: '# ticket will no longer be valid, and each buyer is e-mailed.',
                    other: '# tickets will no longer be valid, and each buyer is e-mailed.',
                  })
                : null}
            </Text>
          ) : preview.isPending ? (
            <Loader size="sm" aria-label={t`Counting the date's orders`} />
          ) : null}
          <Checkbox
            label={t`Refund paid orders`}
            description={t`Card payments are refunded in full. Offline payments are yours to return.`}
            {...form.getInputProps('refund', { type: 'checkbox' })}
          />
          {held && held.paid_outside > 0 && form.values.refund ? (
            <Text size="sm" data-testid="date-paid-outside">
              {plural(held.paid_outside, {
                one: '# order was paid offline or added by your team: return that payment yourself. Its history will say how much.',
                other:
                  '# orders were paid offline or added by your team: return those payments yourself. Each one’s history will say how much.',
              })}
            </Text>
          ) : null}
          <Textarea
            label={t`Message to the buyers`}
            description={t`Optional. Added to the e-mail that tells each buyer the date is cancelled.`}
            rows={4}
            maxLength={49_999}
            {...form.getInputProps('message')}
          />
          <FormActions onCancel={close} loading={cancel.isPending} danger>
            <Trans>Cancel date and its orders</Trans>
          </FormActions>
        </Stack>
      </form>
    </AppModal>
  );
}
