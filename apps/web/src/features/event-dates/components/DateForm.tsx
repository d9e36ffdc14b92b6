import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';

import {
  type EventDateBody,
  eventDateBody,
  type EventDateDto,
  type EventDateStatus,
  toZonedPickerValue,
  type UpdatedEventDateResponse,
  type UpdateEventDateBody,
  updateEventDateBody,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Fieldset, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
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
import { DateCapacityInput, DateStatusSelect } from './DateFields';

interface DateValues {
  start_date: string | null;
  end_date: string | null;
  /** When the times change on a date with tickets: mail its buyers the new time. */
  notify_buyers: boolean;
  move_message: string;
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

/** Whether the form's times differ from the date's (the date moves when saved). */
const movesDate = (v: DateValues, date: EventDateDto, timeZone: string) =>
  toWallClock(v.start_date) !== toWallClock(toZonedPickerValue(date.start_date, timeZone)) ||
  toWallClock(v.end_date) !== toWallClock(date.end_date ? toZonedPickerValue(date.end_date, timeZone) : null);

interface DateFormProps {
  eventId: number;
  timeZone: string;
  /** The date to change; none: a new one. */
  date?: EventDateDto;
  /** `moved`: the date moved and this many orders' buyers are being told (null: nobody is mailed). */
  onDone: (saved: EventDateDto, moved?: { orders: number } | null) => void;
  onCancel: () => void;
}

/** A date's start and end (the event's wall clock), label, capacity, status and venue; makes or changes it. */
export function DateForm({ eventId, timeZone, date, onDone, onCancel }: DateFormProps) {
  const { t } = useLingui();
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
          notify_buyers: true,
          move_message: '',
        }
      : {
          start_date: null,
          end_date: null,
          label: '',
          capacity: '',
          status: 'ON_SALE',
          own_venue: false,
          location: venueValues(null),
          notify_buyers: false,
          move_message: '',
        },
    validate,
  });
  const formError = useFormError(form.setErrors);
  const cancelled = date?.status === 'CANCELLED';
  const statuses = cancelled ? (['CANCELLED'] as const) : EDITABLE_STATUSES;

  // Someone holds or has a ticket for the date: new times are a move, which its buyers may be told of.
  const moving = !!date && date.taken > 0 && movesDate(form.values, date, timeZone);

  const submit = (values: DateValues) => {
    const body = toBody(values);
    if (date) {
      const { onSuccess, onError } = formError.handle((r: UpdatedEventDateResponse) => onDone(r.data, r.move));
      // A cancelled date keeps its status: it is not sent.
      const { status, ...rest } = body;
      const notice = moving
        ? { notify_buyers: values.notify_buyers, move_message: values.move_message.trim() || null }
        : {};
      // Through the promise: new times re-key the form (the drawer shows the saved date), which would drop
      // callbacks given to `mutate`, and with them the notice of what was saved.
      update
        .mutateAsync({ id: date.id, body: { ...(cancelled ? rest : { ...rest, status }), ...notice } })
        .then(onSuccess, onError);
    } else {
      const { onSuccess, onError } = formError.handle((saved: EventDateDto) => onDone(saved));
      create.mutate(body, { onSuccess, onError });
    }
  };

  return (
    <WallClockProvider>
      <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateTimeField label={t`Starts`} required {...form.getInputProps('start_date')} />
          <DateTimeField label={t`Ends`} clearable clearLabel={t`Clear the end`} {...form.getInputProps('end_date')} />
        </SimpleGrid>
        {moving ? (
          <Fieldset legend={t`This date has buyers`} variant="filled" radius="md">
            <Stack gap="sm">
              <Text size="sm">
                <Trans>Their tickets stay valid at the new time.</Trans>
              </Text>
              <Checkbox
                label={t`E-mail the buyers the new time, with a new calendar file`}
                {...form.getInputProps('notify_buyers', { type: 'checkbox' })}
              />
              {form.values.notify_buyers ? (
                <Textarea
                  label={t`Message to the buyers`}
                  description={t`Optional: why the date moved, in your own words.`}
                  minRows={3}
                  {...form.getInputProps('move_message')}
                />
              ) : null}
            </Stack>
          </Fieldset>
        ) : null}
        <TextInput
          label={t`Label`}
          description={t`Shown with the date, e.g. "Premiere" or "Relaxed performance".`}
          {...form.getInputProps('label')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateCapacityInput {...form.getInputProps('capacity')} />
          <DateStatusSelect
            statuses={statuses}
            disabled={cancelled}
            description={cancelled ? t`A cancelled date stays cancelled.` : undefined}
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
