import type { CheckoutInvoiceBody, InvoiceDetails } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Group, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { CountrySelect } from './CountrySelect';

/** Who an invoice is for, as a form holds it: text ('' when empty) and a country code. */
export interface InvoicePartyValues {
  company: string;
  vat_number: string;
  address: {
    address_line_1: string;
    address_line_2: string;
    zip_or_postal_code: string;
    city: string;
    state_or_region: string;
    country: string;
  };
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** The details kept on the order (or none) as form values. */
export const invoicePartyValues = (saved: InvoiceDetails | null | undefined): InvoicePartyValues => ({
  company: saved?.company ?? '',
  vat_number: saved?.vat_number ?? '',
  address: {
    address_line_1: saved?.address?.address_line_1 ?? '',
    address_line_2: saved?.address?.address_line_2 ?? '',
    zip_or_postal_code: saved?.address?.zip_or_postal_code ?? '',
    city: saved?.address?.city ?? '',
    state_or_region: saved?.address?.state_or_region ?? '',
    country: saved?.address?.country ?? '',
  },
});

/** Form values as a correction sends them: an invoice is wanted, empty text as null. */
export const invoicePartyBody = (v: InvoicePartyValues): CheckoutInvoiceBody => ({
  requested: true,
  company: orNull(v.company),
  vat_number: orNull(v.vat_number),
  address: {
    address_line_1: orNull(v.address.address_line_1),
    address_line_2: orNull(v.address.address_line_2),
    zip_or_postal_code: orNull(v.address.zip_or_postal_code),
    city: orNull(v.address.city),
    state_or_region: orNull(v.address.state_or_region),
    country: orNull(v.address.country),
  },
});

/**
 * The company, VAT number and postal address an invoice is made out to, when they are corrected after the purchase
 * (by the organizer, or the buyer on the order page). The server checks them as at checkout.
 */
export function InvoicePartyFields({ form }: { form: UseFormReturnType<InvoicePartyValues> }) {
  const { t } = useLingui();
  return (
    <>
      <TextInput label={t`Company`} autoComplete="organization" {...form.getInputProps('company')} />
      <TextInput
        label={t`VAT number`}
        description={t`With its country code, e.g. DE123456789.`}
        {...form.getInputProps('vat_number')}
      />
      <TextInput
        label={t`Address line 1`}
        required
        autoComplete="address-line1"
        {...form.getInputProps('address.address_line_1')}
      />
      <TextInput
        label={t`Address line 2`}
        autoComplete="address-line2"
        {...form.getInputProps('address.address_line_2')}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t`ZIP or postal code`}
          required
          autoComplete="postal-code"
          {...form.getInputProps('address.zip_or_postal_code')}
        />
        <TextInput label={t`City`} required autoComplete="address-level2" {...form.getInputProps('address.city')} />
      </Group>
      <TextInput
        label={t`State or region`}
        autoComplete="address-level1"
        {...form.getInputProps('address.state_or_region')}
      />
      <CountrySelect label={t`Country`} required {...form.getInputProps('address.country')} />
    </>
  );
}
