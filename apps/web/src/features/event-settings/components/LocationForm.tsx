import '@mantine/core/styles/Switch.css';

import { type EventDto, type EventLocation, type UpdateEventBody, updateEventBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { CountrySelect } from '../../../components/CountrySelect';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { RichTextInput } from '../../../components/RichTextInput';
import { useSchemaValidation } from '../../../lib/validation';
import { useUpdateEvent } from '../../events/api/events';
import { useSectionSave } from '../hooks/useSectionSave';
import { SectionActions } from './SectionActions';

type LocationValues = {
  is_online: boolean;
  online_details: string;
  location: { [K in keyof EventLocation]: K extends 'country' ? string | null : string };
};

const LINE_FIELDS = [
  'venue_name',
  'address_line_1',
  'address_line_2',
  'city',
  'state_or_region',
  'zip_or_postal_code',
] as const;

const toBody = (v: LocationValues): UpdateEventBody => ({
  is_online: v.is_online,
  online_details: v.online_details || null,
  location: Object.fromEntries(
    Object.entries(v.location).map(([key, value]) => [key, value?.trim() || null]),
  ) as EventLocation,
});

/** Online (with how to join) or at a venue with an address. */
export function LocationForm({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const validate = useSchemaValidation<LocationValues>(updateEventBody, toBody);
  const loc = event.location;
  const form = useForm<LocationValues>({
    initialValues: {
      is_online: event.is_online,
      online_details: event.online_details ?? '',
      location: {
        ...(Object.fromEntries(LINE_FIELDS.map((f) => [f, loc[f] ?? ''])) as Record<
          (typeof LINE_FIELDS)[number],
          string
        >),
        country: loc.country,
      },
    },
    validate,
  });
  const { error, onSubmit, saving, dirty } = useSectionSave(form, useUpdateEvent(event.id), toBody, t`Location saved.`);
  const labels: Record<(typeof LINE_FIELDS)[number], string> = {
    venue_name: t`Venue name`,
    address_line_1: t`Address line 1`,
    address_line_2: t`Address line 2`,
    city: t`City`,
    state_or_region: t`State or region`,
    zip_or_postal_code: t`ZIP or postal code`,
  };
  const line = (field: (typeof LINE_FIELDS)[number], autoComplete: string) => (
    <TextInput label={labels[field]} autoComplete={autoComplete} {...form.getInputProps(`location.${field}`)} />
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
          <>
            {line('venue_name', 'organization')}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {line('address_line_1', 'address-line1')}
              {line('address_line_2', 'address-line2')}
              {line('city', 'address-level2')}
              {line('state_or_region', 'address-level1')}
              {line('zip_or_postal_code', 'postal-code')}
              <CountrySelect label={t`Country`} autoComplete="off" {...form.getInputProps('location.country')} />
            </SimpleGrid>
          </>
        )}
        <SectionActions saving={saving} dirty={dirty}>
          <Trans>Save location</Trans>
        </SectionActions>
      </Stack>
    </form>
  );
}
