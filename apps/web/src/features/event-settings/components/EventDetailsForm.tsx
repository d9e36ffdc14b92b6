import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';

import { type EventDto, toZonedPickerValue, type UpdateEventBody, updateEventBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { WallClockProvider } from '../../../components/WallClockPicker';
import { toWallClock } from '../../../lib/format';
import { useUpdateEvent } from '../../events/api/events';
import { EventFields, type EventValues } from '../../events/components/EventFields';
import { useOrganizers } from '../../organizers/api/organizers';
import { useSectionForm } from '../hooks/useSectionForm';
import { SectionActions } from './SectionActions';

const toBody = (v: EventValues): UpdateEventBody => ({
  title: v.title,
  organizer_id: v.organizer_id ? Number(v.organizer_id) : undefined,
  // An emptied start is sent as null so it reads "required" instead of being left out.
  start_date: toWallClock(v.start_date) as string,
  end_date: toWallClock(v.end_date),
  timezone: v.timezone,
  currency: v.currency,
  description: v.description || null,
});

/** Title, organizer, start and end (wall clock in the event's zone), time zone, currency, description. */
export function EventDetailsForm({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const organizers = useOrganizers();
  const { form, error, onSubmit, saving, dirty } = useSectionForm(
    updateEventBody,
    useUpdateEvent(event.id),
    {
      title: event.title,
      organizer_id: String(event.organizer.id),
      start_date: toZonedPickerValue(event.start_date, event.timezone),
      end_date: event.end_date ? toZonedPickerValue(event.end_date, event.timezone) : null,
      timezone: event.timezone,
      currency: event.currency,
      description: event.description ?? '',
    },
    toBody,
    t`Event details saved.`,
  );
  // The event's own organizer stays selectable while the list loads or if it is beyond the first 100.
  const options = organizers.data?.data.map((o) => ({ value: String(o.id), label: o.name })) ?? [];
  if (!options.some((o) => o.value === String(event.organizer.id)))
    options.unshift({ value: String(event.organizer.id), label: event.organizer.name });

  return (
    <WallClockProvider>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={error} />
          <EventFields
            form={form}
            organizers={options}
            timeZoneDescription={t`Start and end are times in this zone.`}
            initialDescription={event.description ?? ''}
          />
          <SectionActions saving={saving} dirty={dirty}>
            <Trans>Save event details</Trans>
          </SectionActions>
        </Stack>
      </form>
    </WallClockProvider>
  );
}
