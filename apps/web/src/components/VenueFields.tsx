import type { EventLocation } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';

import { CountrySelect } from './CountrySelect';

export const VENUE_LINES = [
  'venue_name',
  'address_line_1',
  'address_line_2',
  'city',
  'state_or_region',
  'zip_or_postal_code',
] as const;

/** A venue as a form holds it: text lines ('' when empty), a country code, and its position ('' when none). */
export type VenueValues = Record<(typeof VENUE_LINES)[number], string> & {
  country: string | null;
  latitude: number | string;
  longitude: number | string;
};

/** A stored venue (or none) as form values. */
export const venueValues = (loc: Partial<EventLocation> | null | undefined): VenueValues => ({
  ...(Object.fromEntries(VENUE_LINES.map((f) => [f, loc?.[f] ?? ''])) as Record<(typeof VENUE_LINES)[number], string>),
  country: loc?.country ?? null,
  latitude: loc?.latitude ?? '',
  longitude: loc?.longitude ?? '',
});

/** The position's hints go below its fields, so the two fields stay side by side whatever their hints' lengths. */
const BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

const degrees = (value: number | string) => (typeof value === 'number' ? value : null);

/** Form values as the API takes a venue: empty lines and an empty position as null. */
export const venueBody = (v: VenueValues): EventLocation => ({
  ...(Object.fromEntries(VENUE_LINES.map((f) => [f, v[f].trim() || null])) as Record<
    (typeof VENUE_LINES)[number],
    string | null
  >),
  country: v.country?.trim() || null,
  latitude: degrees(v.latitude),
  longitude: degrees(v.longitude),
});

/** The venue's name and address lines, with the browser's autofill hints; `inputProps` binds one field. */
export function VenueFields({ inputProps }: { inputProps: (field: keyof EventLocation) => object }) {
  const { t } = useLingui();
  const labels: Record<(typeof VENUE_LINES)[number], string> = {
    venue_name: t`Venue name`,
    address_line_1: t`Address line 1`,
    address_line_2: t`Address line 2`,
    city: t`City`,
    state_or_region: t`State or region`,
    zip_or_postal_code: t`ZIP or postal code`,
  };
  const line = (field: (typeof VENUE_LINES)[number], autoComplete: string) => (
    <TextInput label={labels[field]} autoComplete={autoComplete} {...inputProps(field)} />
  );
  return (
    <>
      {line('venue_name', 'organization')}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {line('address_line_1', 'address-line1')}
        {line('address_line_2', 'address-line2')}
        {line('city', 'address-level2')}
        {line('state_or_region', 'address-level1')}
        {line('zip_or_postal_code', 'postal-code')}
        <CountrySelect label={t`Country`} autoComplete="off" {...inputProps('country')} />
        <NumberInput
          label={t`Latitude`}
          description={t`Optional, with the longitude: the venue's position on a map (e.g. 52.5200). Phones show the ticket near the venue.`}
          decimalScale={6}
          inputWrapperOrder={BELOW}
          min={-90}
          max={90}
          {...inputProps('latitude')}
        />
        <NumberInput
          label={t`Longitude`}
          description={t`For example 13.4050. Both are in the address of the place on most map sites.`}
          decimalScale={6}
          inputWrapperOrder={BELOW}
          min={-180}
          max={180}
          {...inputProps('longitude')}
        />
      </SimpleGrid>
    </>
  );
}
