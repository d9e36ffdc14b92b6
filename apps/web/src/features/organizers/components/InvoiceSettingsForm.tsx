import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Switch.css';

import { type InvoiceSettingsBody, invoiceSettingsBody, type InvoiceSettingsDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';

import { CountrySelect } from '../../../components/CountrySelect';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { UnsavedBadge } from '../../../components/UnsavedChangesGuard';
import { useFormError } from '../../../lib/form-submit';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { issueTranslator, useSchemaValidation } from '../../../lib/validation';
import { useSaveInvoiceSettings } from '../api/invoice-settings';

/** The longest payment term, in days (the API's bound). */
const PAYMENT_TERMS_MAX = 365;

export interface InvoiceSettingsValues {
  legal_name: string;
  /** Text lines ('' when empty) and a country code; the form's errors are keyed `address.city` as the API's. */
  address: {
    address_line_1: string;
    address_line_2: string;
    zip_or_postal_code: string;
    city: string;
    state_or_region: string;
    country: string | null;
  };
  vat_number: string;
  tax_number: string;
  contact_email: string;
  contact_phone: string;
  prefix: string;
  yearly_reset: boolean;
  /** '' : due on receipt. */
  payment_terms_days: number | string;
  footer: string;
}

/** A group of the form's fields under its own small heading (the legend), flush with the rest. */
const PART = {
  variant: 'unstyled',
  p: 0,
  m: 0,
  styles: { legend: { fontWeight: 700, marginBottom: 'var(--mantine-spacing-xs)' } },
} as const;

/** The parts of the seller's address an invoice cannot do without (the API asks for the same). */
const REQUIRED_ADDRESS = ['address_line_1', 'zip_or_postal_code', 'city', 'country'] as const;

/** Saved settings (or none yet: the defaults, prefix `INV-` and numbers starting again each year) as form values. */
export const invoiceSettingsValues = (s: InvoiceSettingsDto | null): InvoiceSettingsValues => ({
  legal_name: s?.legal_name ?? '',
  address: {
    address_line_1: s?.address.address_line_1 ?? '',
    address_line_2: s?.address.address_line_2 ?? '',
    zip_or_postal_code: s?.address.zip_or_postal_code ?? '',
    city: s?.address.city ?? '',
    state_or_region: s?.address.state_or_region ?? '',
    country: s?.address.country ?? null,
  },
  vat_number: s?.vat_number ?? '',
  tax_number: s?.tax_number ?? '',
  contact_email: s?.contact_email ?? '',
  contact_phone: s?.contact_phone ?? '',
  prefix: s?.prefix ?? 'INV-',
  yearly_reset: s?.yearly_reset ?? true,
  payment_terms_days: s?.payment_terms_days ?? '',
  footer: s?.footer ?? '',
});

const text = (v: string): string | null => v.trim() || null;

/** Form values as the API takes them: empty lines as null, an empty payment term as "due on receipt" (null). */
export const invoiceSettingsBodyOf = (v: InvoiceSettingsValues): InvoiceSettingsBody => ({
  legal_name: v.legal_name.trim(),
  address: {
    address_line_1: text(v.address.address_line_1),
    address_line_2: text(v.address.address_line_2),
    zip_or_postal_code: text(v.address.zip_or_postal_code),
    city: text(v.address.city),
    state_or_region: text(v.address.state_or_region),
    country: v.address.country || null,
  },
  vat_number: text(v.vat_number),
  tax_number: text(v.tax_number),
  contact_email: text(v.contact_email),
  contact_phone: text(v.contact_phone),
  prefix: v.prefix.trim(),
  yearly_reset: v.yearly_reset,
  payment_terms_days:
    typeof v.payment_terms_days === 'number'
      ? v.payment_terms_days
      : v.payment_terms_days.trim() === ''
        ? null
        : Number(v.payment_terms_days),
  footer: text(v.footer),
});

interface InvoiceSettingsFormProps {
  organizerId: number;
  /** What is saved; null: nothing yet. */
  settings: InvoiceSettingsDto | null;
}

/**
 * Who issues the organizer's invoices (legal name, address, VAT and tax numbers, the accounts contact that e-invoices
 * name), how they are numbered (prefix, a
 * series per year), when an unpaid one is due and what its footer says; with the next invoice's number once saved.
 */
export function InvoiceSettingsForm({ organizerId, settings }: InvoiceSettingsFormProps) {
  const { t, i18n } = useLingui();
  const save = useSaveInvoiceSettings(organizerId);
  const checkSchema = useSchemaValidation<InvoiceSettingsValues>(invoiceSettingsBody, invoiceSettingsBodyOf);
  const validate = useCallback(
    (values: InvoiceSettingsValues) => {
      const errors = checkSchema(values);
      for (const part of REQUIRED_ADDRESS) {
        const key = `address.${part}`;
        if (!values.address[part]?.trim() && !errors[key])
          errors[key] = issueTranslator(i18n)({ key: 'invoice_address_required', values: {} });
      }
      return errors;
    },
    [checkSchema, i18n],
  );
  const form = useForm<InvoiceSettingsValues>({ initialValues: invoiceSettingsValues(settings), validate });
  const formError = useFormError(form.setErrors);
  const dirty = useUnsavedChanges(form.isDirty());

  const submit = (values: InvoiceSettingsValues) => {
    formError.clear();
    save.mutate(invoiceSettingsBodyOf(values), {
      onSuccess: (saved) => {
        // As the server keeps them (a VAT number without its spaces, upper-cased).
        const next = invoiceSettingsValues(saved);
        form.setValues(next);
        form.resetDirty(next);
        notifications.show({ color: 'teal', message: t`Invoice settings saved.` });
      },
      onError: formError.fail,
    });
  };

  const numberingChanged =
    settings !== null &&
    (form.values.prefix.trim() !== settings.prefix || form.values.yearly_reset !== settings.yearly_reset);
  const next = settings?.next_number ?? '';

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={formError.error} />
        <TextInput
          label={t`Legal name`}
          description={t`The full name of the person or company issuing the invoices.`}
          autoComplete="organization"
          required
          {...form.getInputProps('legal_name')}
        />
        <Fieldset legend={t`Address`} {...PART}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t`Address line 1`}
              autoComplete="address-line1"
              required
              {...form.getInputProps('address.address_line_1')}
            />
            <TextInput
              label={t`Address line 2`}
              autoComplete="address-line2"
              {...form.getInputProps('address.address_line_2')}
            />
            <TextInput
              label={t`ZIP or postal code`}
              autoComplete="postal-code"
              required
              {...form.getInputProps('address.zip_or_postal_code')}
            />
            <TextInput label={t`City`} autoComplete="address-level2" required {...form.getInputProps('address.city')} />
            <TextInput
              label={t`State or region`}
              autoComplete="address-level1"
              {...form.getInputProps('address.state_or_region')}
            />
            <CountrySelect
              label={t`Country`}
              autoComplete="off"
              required
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('address.country')}
            />
          </SimpleGrid>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t`VAT number`}
            description={t`With its country code, e.g. DE123456789.`}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('vat_number')}
          />
          <TextInput
            label={t`Tax number`}
            description={t`A national tax or registration number, where you have one.`}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('tax_number')}
          />
        </SimpleGrid>
        <Fieldset legend={t`Contact for invoices`} {...PART}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              <Trans>
                Printed into e-invoices (XRechnung, Peppol, ZUGFeRD) for your buyers’ accounts departments. XRechnung
                needs both. Without an e-mail address, the organizer’s is used.
              </Trans>
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t`Contact e-mail`}
                type="email"
                autoComplete="email"
                spellCheck={false}
                {...form.getInputProps('contact_email')}
              />
              <TextInput
                label={t`Contact phone`}
                type="tel"
                autoComplete="tel"
                {...form.getInputProps('contact_phone')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t`Numbering`} {...PART}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t`Prefix`}
                description={t`Put before each number: letters, digits, “-”, “_” and “/”. Leave empty for none.`}
                autoComplete="off"
                spellCheck={false}
                {...form.getInputProps('prefix')}
              />
            </SimpleGrid>
            <Switch
              label={t`Start again at 1 each year`}
              description={t`The year becomes part of the number.`}
              {...form.getInputProps('yearly_reset', { type: 'checkbox' })}
            />
            {settings ? (
              <Text size="sm" data-testid="invoice-next-number">
                {numberingChanged ? (
                  <Trans>The next invoice number shows here once you save.</Trans>
                ) : (
                  <Trans>
                    Next invoice number:{' '}
                    <Text span ff="monospace" fw={600}>
                      {next}
                    </Text>
                  </Trans>
                )}
              </Text>
            ) : null}
          </Stack>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t`Payment terms (days)`}
            description={t`How many days buyers have to pay an unpaid invoice. Leave empty: due on receipt.`}
            min={0}
            max={PAYMENT_TERMS_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('payment_terms_days')}
          />
        </SimpleGrid>
        <Textarea
          label={t`Footer`}
          description={t`Printed at the foot of each invoice, for example your bank details.`}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('footer')}
        />
        <Group justify="flex-end" gap="sm">
          <UnsavedBadge dirty={dirty} />
          <Button type="submit" loading={save.isPending}>
            <Trans>Save invoice settings</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
