import type { InvoiceMode } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { CountrySelect } from '../../components/CountrySelect';
import { type DetailsValues, INVOICE_PATHS, invoiceAddressNeeded } from './details-form';

/**
 * Company, VAT number and address for the invoice, at `invoice.…` in the details form (where the server's field
 * errors name them). The address is marked required when the server will ask for it (`invoiceAddressNeeded`).
 */
function InvoiceAddressFields({ form, mode }: { form: UseFormReturnType<DetailsValues>; mode: InvoiceMode }) {
  const { t } = useLingui();
  const needed = invoiceAddressNeeded(mode, form.getValues().invoice);
  const country = form.getInputProps('invoice.address.country');
  return (
    <Stack gap="sm" data-testid="invoice-fields">
      <TextInput label={t`Company`} autoComplete="billing organization" {...form.getInputProps('invoice.company')} />
      <TextInput
        label={t`VAT number`}
        description={t`Starts with the country code, e.g. DE123456789`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maw={320}
        {...form.getInputProps('invoice.vat_number')}
      />
      <TextInput
        label={t`Address line 1`}
        required={needed}
        autoComplete="billing address-line1"
        {...form.getInputProps('invoice.address.address_line_1')}
      />
      <TextInput
        label={t`Address line 2`}
        autoComplete="billing address-line2"
        {...form.getInputProps('invoice.address.address_line_2')}
      />
      <Group grow align="flex-start" gap="xs">
        <TextInput
          label={t`Postal code`}
          required={needed}
          autoComplete="billing postal-code"
          {...form.getInputProps('invoice.address.zip_or_postal_code')}
        />
        <TextInput
          label={t`City`}
          required={needed}
          autoComplete="billing address-level2"
          {...form.getInputProps('invoice.address.city')}
        />
      </Group>
      <TextInput
        label={t`State or region`}
        autoComplete="billing address-level1"
        {...form.getInputProps('invoice.address.state_or_region')}
      />
      <CountrySelect
        label={t`Country`}
        required={needed}
        autoComplete="billing country"
        value={(country.value as string) || null}
        onChange={(v) => form.setFieldValue('invoice.address.country', v ?? '')}
        onBlur={country.onBlur}
        error={country.error as string | undefined}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}

/**
 * The invoice part of the checkout's details, by the event's invoice mode: on request, a box to tick that shows the
 * fields; always, the fields with a word on who needs them. Nothing where the event issues no invoices.
 */
export function InvoiceFields({ form, mode }: { form: UseFormReturnType<DetailsValues>; mode: InvoiceMode }) {
  const { t } = useLingui();
  if (mode === 'NONE') return null;
  const requested = form.getInputProps('invoice.requested', { type: 'checkbox' });
  return (
    <>
      <Divider />
      <Stack component="section" aria-labelledby="invoice-heading" gap="sm">
        <Title order={2} size="h3" id="invoice-heading">
          <Trans>Invoice details</Trans>
        </Title>
        {mode === 'ON_REQUEST' ? (
          <Checkbox
            label={t`I need an invoice`}
            {...requested}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              form.setFieldValue('invoice.requested', checked);
              // Fields put away take their problems with them (else the form says to correct what it no longer shows).
              if (!checked) for (const path of INVOICE_PATHS) form.clearFieldError(path);
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>
              You will receive an invoice for this order. Business buyers may add their company and VAT number; the
              address is then required.
            </Trans>
          </Text>
        )}
        {(mode === 'ALWAYS' || form.getValues().invoice.requested) && <InvoiceAddressFields form={form} mode={mode} />}
      </Stack>
    </>
  );
}
