import '@mantine/core/styles/Fieldset.css';

import type { AddressAnswer } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

import { CountrySelect } from './CountrySelect';

export const EMPTY_ADDRESS: AddressAnswer = {
  line1: '',
  line2: '',
  city: '',
  region: '',
  postal_code: '',
  country: '',
};

type Part = keyof AddressAnswer;

/** The address with one part changed (a value that is not an address yet starts empty). */
export const withPart = (current: unknown, part: Part, value: string): AddressAnswer => ({
  ...EMPTY_ADDRESS,
  ...(typeof current === 'object' && current !== null && !Array.isArray(current) ? current : {}),
  [part]: value,
});

/**
 * An address question: street, second line, postal code and city, region, country, each with the browser's
 * address autofill. When the question is required, street, city and country are (the rest never is).
 */
export function AddressField({
  common,
  value,
  onChange,
  errors,
}: {
  common: { label: ReactNode; description?: ReactNode; required: boolean; error?: string };
  value: AddressAnswer | null | undefined;
  onChange: (part: Part, v: string) => void;
  /** A problem per part (`answers.<id>.city` in the form). */
  errors: Partial<Record<Part, string | undefined>>;
}) {
  const { t } = useLingui();
  const address = value ?? EMPTY_ADDRESS;
  const text = (part: Part, label: string, autoComplete: string, required = false) => (
    <TextInput
      label={label}
      autoComplete={autoComplete}
      required={common.required && required}
      value={address[part]}
      onChange={(e) => onChange(part, e.currentTarget.value)}
      error={errors[part]}
    />
  );
  return (
    <Fieldset legend={common.label} variant="unstyled" aria-invalid={common.error ? true : undefined}>
      <Stack gap="xs">
        {common.description ? (
          <Text size="sm" c="dimmed">
            {common.description}
          </Text>
        ) : null}
        {text('line1', t`Street and number`, 'address-line1', true)}
        {text('line2', t`Address line 2`, 'address-line2')}
        <Group grow align="flex-start" gap="xs">
          {text('postal_code', t`Postal code`, 'postal-code')}
          {text('city', t`City`, 'address-level2', true)}
        </Group>
        {text('region', t`State or region`, 'address-level1')}
        <CountrySelect
          label={t`Country`}
          autoComplete="country"
          required={common.required}
          value={address.country || null}
          onChange={(v) => onChange('country', v ?? '')}
          error={errors.country}
          comboboxProps={{ withinPortal: true }}
        />
        {common.error ? (
          <Text size="xs" c="red.8" role="alert">
            {common.error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
