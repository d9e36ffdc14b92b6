import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';

import type { EventDateDto, OrderDetailDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';

import { FormActions, FormStack } from '../../../components/FormActions';
import { useFormError } from '../../../lib/form-submit';
import { dateWithLabel } from '../../../lib/format';
import { useChangeOrderDate } from '../api/orders';

/**
 * Moves an order to another date of the event (the organizer's own choice, at any price: the order keeps what was
 * paid): the dates not cancelled but the order's own; the buyer is mailed the new date unless unticked.
 */
export function ChangeOrderDateForm({
  eventId,
  order,
  dates,
  timeZone,
  onDone,
}: {
  eventId: number;
  order: OrderDetailDto;
  dates: EventDateDto[];
  timeZone: string;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const change = useChangeOrderDate(eventId, order.id);
  const form = useForm<{ event_date_id: string | null; notify_buyer: boolean }>({
    initialValues: { event_date_id: null, notify_buyer: true },
    validate: { event_date_id: (v) => (v ? null : t`Choose a date.`) },
  });
  const formError = useFormError(form.setErrors);
  const options = dates
    .filter((d) => d.status !== 'CANCELLED' && d.id !== order.date?.id)
    .map((d) => ({ value: String(d.id), label: dateWithLabel(d, timeZone, i18n.locale) }));
  const number = order.order_number;
  const submit = form.onSubmit((values) => {
    const chosen = options.find((o) => o.value === values.event_date_id)?.label ?? '';
    const { onSuccess, onError } = formError.handle(() => {
      notifications.show({ color: 'teal', message: t`Order ${number} moved to ${chosen}.` });
      onDone();
    });
    change.mutate(
      { event_date_id: Number(values.event_date_id), notify_buyer: values.notify_buyer },
      { onSuccess, onError },
    );
  });
  return (
    <FormStack onSubmit={submit} error={formError.error}>
      {order.date ? (
        <Text size="sm">
          <Trans>Now: {dateWithLabel(order.date, timeZone, i18n.locale)}</Trans>
        </Text>
      ) : null}
      <Select
        label={t`New date`}
        description={t`Its tickets keep their codes and what was paid stays as it is.`}
        required
        searchable
        data={options}
        nothingFoundMessage={t`No date matches.`}
        {...form.getInputProps('event_date_id')}
      />
      <Checkbox
        label={t`E-mail the buyer the new date, with a new calendar file`}
        {...form.getInputProps('notify_buyer', { type: 'checkbox' })}
      />
      <FormActions onCancel={onDone} loading={change.isPending}>
        <Trans>Move order</Trans>
      </FormActions>
    </FormStack>
  );
}
