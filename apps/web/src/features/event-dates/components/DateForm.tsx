import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';

import {
  type EventDateBody,
  eventDateBody,
  type EventDateDto,
  type EventDateStatus,
  toZonedPickerValue,
  type UpdateEventDateBody,
  updateEventDateBody,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { DateTimeField } from '../../../components/DateTimeField';
import { FormActions, FormStack } from '../../../components/FormActions';
import { venueBody, VenueFields, type VenueValues, venueValues } from '../../../components/VenueFields';
import { WallClockProvider } from '../../../components/WallClockPicker';
import { useFormError } from '../../../lib/form-submit';
import { toWallClock } from '../../../lib/format';
import { useSchemaValidation } from '../../../lib/validation';
import { useCreateEventDate, useUpdateEventDate } from '../api/event-dates';
import { EDITABLE_STATUSES } from '../event-date-view';
import { STATUS_LABELS } from './DateStatusBadge';

interface DateValues {
  start_date: string | null;
  end_date: string | null;
  label: string;
  capacity: number | string;
  status: EventDateStatus;
  /** At a venue of its own rather than the event's. */
  own_venue: boolean;
  location: VenueValues;
}

const toBody = (v: DateValues): EventDateBody & UpdateEventDateBody => ({
  // An emptied start is sent as null so it reads "required" rather than being left out.
  start_date: toWallClock(v.start_date) as string,
  end_date: toWallClock(v.end_date),
  label: v.label.trim() || null,
  capacity: typeof v.capacity === 'number' ? v.capacity : null,
  status: v.status as Exclude<EventDateStatus, 'CANCELLED'>,
  location: v.own_venue ? venueBody(v.location) : null,
});

interface DateFormProps {
  eventId: number;
  timeZone: string;
  /** The date to change; none: a new one. */
  date?: EventDateDto;
  onDone: (saved: EventDateDto) => void;
  onCancel: () => void;
}

/** A date's start and end (the event's wall clock), label, capacity, status and venue; makes or changes it. */
export function DateForm({ eventId, timeZone, date, onDone, onCancel }: DateFormProps) {
  const { t, i18n } = useLingui();
  const create = useCreateEventDate(eventId);
  const update = useUpdateEventDate(eventId);
  const save = date ? update : create;
  const validate = useSchemaValidation<DateValues>(date ? updateEventDateBody : eventDateBody, toBody);
  const form = useForm<DateValues>({
    initialValues: date
      ? {
          start_date: toZonedPickerValue(date.start_date, timeZone),
          end_date: date.end_date ? toZonedPickerValue(date.end_date, timeZone) : null,
          label: date.label ?? '',
          capacity: date.capacity ?? '',
          status: date.status,
          own_venue: date.location !== null,
          location: venueValues(date.location),
        }
      : {
          start_date: null,
          end_date: null,
          label: '',
          capacity: '',
          status: 'ON_SALE',
          own_venue: false,
          location: venueValues(null),
        },
    validate,
  });
  const formError = useFormError(form.setErrors);
  const cancelled = date?.status === 'CANCELLED';
  const statuses = cancelled ? (['CANCELLED'] as const) : EDITABLE_STATUSES;

  const submit = (values: DateValues) => {
    const body = toBody(values);
    const { onSuccess, onError } = formError.handle(onDone);
    if (date) {
      // A cancelled date keeps its status: it is not sent.
      const { status, ...rest } = body;
      update.mutate({ id: date.id, body: cancelled ? rest : { ...rest, status } }, { onSuccess, onError });
    } else create.mutate(body, { onSuccess, onError });
  };

  return (
    <WallClockProvider>
      <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateTimeField label={t`Starts`} required {...form.getInputProps('start_date')} />
          <DateTimeField label={t`Ends`} clearable clearLabel={t`Clear the end`} {...form.getInputProps('end_date')} />
        </SimpleGrid>
        <TextInput
          label={t`Label`}
          description={t`Shown with the date, e.g. "Premiere" or "Relaxed performance".`}
          {...form.getInputProps('label')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t`Capacity`}
            description={t`Empty: only the tickets' quantities limit it.`}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            {...form.getInputProps('capacity')}
          />
          <Select
            label={t`Status`}
            allowDeselect={false}
            disabled={cancelled}
            description={cancelled ? t`A cancelled date stays cancelled.` : undefined}
            data={statuses.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) }))}
            {...form.getInputProps('status')}
          />
        </SimpleGrid>
        <Switch
          label={t`At another venue`}
          description={t`Buyers of this date see this venue and address instead of the event's.`}
          {...form.getInputProps('own_venue', { type: 'checkbox' })}
        />
        {form.values.own_venue ? <VenueFields inputProps={(field) => form.getInputProps(`location.${field}`)} /> : null}
        <FormActions onCancel={onCancel} loading={save.isPending}>
          {date ? <Trans>Save date</Trans> : <Trans>Add date</Trans>}
        </FormActions>
      </FormStack>
    </WallClockProvider>
  );
}
