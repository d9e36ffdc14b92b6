import type { CheckoutInvoiceBody, OrderDetailDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';

import { CountrySelect } from '../../../components/CountrySelect';
import { FormActions, FormStack } from '../../../components/FormActions';
import { useFormError } from '../../../lib/form-submit';
import { useCorrectInvoiceDetails } from '../api/invoices';

interface InvoiceDetailsValues {
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

/**
 * The organizer corrects who the order's invoice is for (a company or VAT number the buyer forgot, a new address). The
 * server checks them as at checkout (field errors on the fields) and issues a cancellation and a new invoice.
 */
export function InvoiceDetailsForm({
  eventId,
  order,
  onDone,
}: {
  eventId: number;
  order: OrderDetailDto;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const save = useCorrectInvoiceDetails(eventId, order.id);
  const saved = order.invoice_details;
  const form = useForm<InvoiceDetailsValues>({
    initialValues: {
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
    },
  });
  const formError = useFormError(form.setErrors);
  const submit = (v: InvoiceDetailsValues) => {
    const body: CheckoutInvoiceBody = {
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
    };
    save.mutate(
      body,
      formError.handle(() => {
        notifications.show({ color: 'teal', message: t`Invoice details saved. The invoice was issued again.` });
        onDone();
      }),
    );
  };
  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
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
      <FormActions onCancel={onDone} loading={save.isPending}>
        <Trans>Save and issue again</Trans>
      </FormActions>
    </FormStack>
  );
}
