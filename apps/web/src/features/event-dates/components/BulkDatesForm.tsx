import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';

import { type BulkEventDatesBody, bulkEventDatesBody, toMinorUnits } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';

import { FormActions, FormStack } from '../../../components/FormActions';
import { MoneyInput } from '../../../components/MoneyInput';
import { useFormError } from '../../../lib/form-submit';
import { numberOf } from '../../../lib/number-input';
import { useSchemaValidation } from '../../../lib/validation';
import { useTickets } from '../../tickets/api/tickets';
import { useBulkUpdateEventDates } from '../api/event-dates';
import type { EditableStatus } from '../event-date-view';
import { DateCapacityInput, DateStatusSelect } from './DateFields';

/** What a bulk change changes. */
export type BulkChange = 'capacity' | 'status' | 'label' | 'price';

interface BulkValues {
  capacity: number | string;
  status: EditableStatus;
  label: string;
  /** The ticket whose price changes (its id as the select holds it). */
  ticket: string | null;
  /** Its price on the dates in major units; empty: its own price again. */
  price: number | string;
}

interface BulkDatesFormProps {
  eventId: number;
  /** The event's currency (a price change). */
  currency: string;
  change: BulkChange;
  ids: number[];
  onDone: (changed: boolean) => void;
}

/** One change (capacity, status, label, or one ticket's price) to every chosen date at once. */
export function BulkDatesForm({ eventId, currency, change, ids, onDone }: BulkDatesFormProps) {
  const { t } = useLingui();
  const save = useBulkUpdateEventDates(eventId);
  // A price on a date is for a ticket with one fixed price.
  const tickets = useTickets(eventId);
  const priced = (tickets.data ?? []).filter((x) => x.type === 'PAID');
  const toBody = useCallback(
    (v: BulkValues): BulkEventDatesBody => ({
      ids,
      ...(change === 'capacity' ? { capacity: typeof v.capacity === 'number' ? v.capacity : null } : {}),
      ...(change === 'status' ? { status: v.status } : {}),
      ...(change === 'label' ? { label: v.label.trim() || null } : {}),
      ...(change === 'price'
        ? {
            ticket_price: {
              ticket_id: Number(v.ticket),
              price: numberOf(v.price) === null ? null : toMinorUnits(numberOf(v.price)!, currency),
            },
          }
        : {}),
    }),
    [change, ids, currency],
  );
  const validate = useSchemaValidation<BulkValues>(bulkEventDatesBody, toBody);
  const form = useForm<BulkValues>({
    initialValues: { capacity: '', status: 'ON_SALE', label: '', ticket: null, price: '' },
    validate: (values) => ({
      ...validate(values),
      ...(change === 'price' && !values.ticket ? { ticket: t`Choose a ticket.` } : {}),
    }),
  });
  const formError = useFormError(form.setErrors);

  const submit = (values: BulkValues) =>
    save.mutate(
      toBody(values),
      formError.handle((changed) => {
        notifications.show({
          color: 'teal',
          message: plural(changed.length, { one: '# date changed', other: '# dates changed' }),
        });
        onDone(true);
      }),
    );

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <Text size="sm">
        {plural(ids.length, { one: 'Changes the date chosen.', other: 'Changes all # dates chosen.' })}
      </Text>
      {change === 'capacity' ? (
        <DateCapacityInput
          description={t`Empty: only the tickets' quantities limit them.`}
          data-autofocus
          {...form.getInputProps('capacity')}
        />
      ) : null}
      {change === 'status' ? <DateStatusSelect {...form.getInputProps('status')} /> : null}
      {change === 'label' ? (
        <TextInput
          label={t`Label`}
          description={t`Empty: the dates have no label.`}
          data-autofocus
          {...form.getInputProps('label')}
        />
      ) : null}
      {change === 'price' ? (
        <>
          <Select
            label={t`Ticket`}
            placeholder={t`Choose a ticket`}
            description={
              tickets.isSuccess && !priced.length ? t`No ticket of this event has one fixed price.` : undefined
            }
            data={priced.map((x) => ({ value: String(x.id), label: x.name }))}
            data-autofocus
            {...form.getInputProps('ticket')}
            error={form.errors.ticket ?? form.errors['ticket_price.ticket_id']}
          />
          <MoneyInput
            label={t`Price on these dates`}
            description={t`Empty: the ticket's own price again.`}
            currency={currency}
            {...form.getInputProps('price')}
            error={form.errors.price ?? form.errors['ticket_price.price']}
          />
        </>
      ) : null}
      <FormActions onCancel={() => onDone(false)} loading={save.isPending}>
        <Trans>Apply to the dates</Trans>
      </FormActions>
    </FormStack>
  );
}
