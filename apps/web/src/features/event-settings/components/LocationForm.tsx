import '@mantine/core/styles/Switch.css';

import { type EventDto, type UpdateEventBody, updateEventBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Switch } from '@mantine/core';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { RichTextInput } from '../../../components/RichTextInput';
import { venueBody, VenueFields, type VenueValues, venueValues } from '../../../components/VenueFields';
import { useUpdateEvent } from '../../events/api/events';
import { useSectionForm } from '../hooks/useSectionForm';
import { SectionActions } from './SectionActions';

type LocationValues = {
  is_online: boolean;
  online_details: string;
  location: VenueValues;
};

const toBody = (v: LocationValues): UpdateEventBody => ({
  is_online: v.is_online,
  online_details: v.online_details || null,
  location: venueBody(v.location),
});

/** Online (with how to join) or at a venue with an address. */
export function LocationForm({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const { form, error, onSubmit, saving, dirty } = useSectionForm(
    updateEventBody,
    useUpdateEvent(event.id),
    {
      is_online: event.is_online,
      online_details: event.online_details ?? '',
      location: venueValues(event.location),
    },
    toBody,
    t`Location saved.`,
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={error} />
        <Switch
          label={t`This is an online event`}
          description={t`Ticket holders get the joining details instead of an address.`}
          {...form.getInputProps('is_online', { type: 'checkbox' })}
        />
        {form.values.is_online ? (
          <RichTextInput
            label={t`Online event details`}
            description={t`How to join: a link, a meeting ID, a dial-in number. Shown to ticket holders only.`}
            defaultValue={event.online_details ?? ''}
            onChange={(html) => form.setFieldValue('online_details', html)}
            error={form.errors.online_details}
          />
        ) : (
          <VenueFields inputProps={(field) => form.getInputProps(`location.${field}`)} />
        )}
        <SectionActions saving={saving} dirty={dirty}>
          <Trans>Save location</Trans>
        </SectionActions>
      </Stack>
    </form>
  );
}
