import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';

import {
  currencyExponent,
  currencySymbol,
  decimalSeparator,
  type TaxCalculation,
  type TaxOrFeeBody,
  taxOrFeeBody,
  type TaxOrFeeDto,
  type TaxType,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, NumberInput, Radio, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { CurrencySelect } from '../../../components/CurrencySelect';
import { FormActions, FormStack } from '../../../components/FormActions';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useSaveTaxOrFee } from '../api/taxes';
import { rateFromApi, rateToApi } from '../taxes';

interface TaxValues {
  name: string;
  type: TaxType;
  calculation_type: TaxCalculation;
  rate: number | string;
  /** FIXED: the currency of the amount (the fee is charged only on events in it). */
  currency: string;
  is_default: boolean;
  description: string;
}

interface TaxOrFeeFormProps {
  accountId: number;
  /** The account's currency: a new fixed fee starts in it. */
  currency: string;
  /** The tax or fee being edited; a new one when absent. */
  taxOrFee?: TaxOrFeeDto;
  onDone: () => void;
}

/** Name, tax or fee, percentage or fixed amount, the rate, and "add to new tickets". */
export function TaxOrFeeForm({ accountId, currency: accountCurrency, taxOrFee, onDone }: TaxOrFeeFormProps) {
  const { t, i18n } = useLingui();
  const save = useSaveTaxOrFee(accountId);
  const toBody = (v: TaxValues): TaxOrFeeBody => ({
    name: v.name,
    type: v.type,
    calculation_type: v.calculation_type,
    // An emptied field is sent as null so it reads "required".
    rate: (typeof v.rate === 'number' ? rateToApi(v.calculation_type, v.rate, v.currency) : null) as number,
    ...(v.calculation_type === 'FIXED' ? { currency: v.currency } : {}),
    is_default: v.is_default,
    description: v.description.trim() || null,
  });
  const validate = useSchemaValidation<TaxValues>(taxOrFeeBody, toBody);
  const form = useForm<TaxValues>({
    initialValues: taxOrFee
      ? {
          name: taxOrFee.name,
          type: taxOrFee.type,
          calculation_type: taxOrFee.calculation_type,
          rate: rateFromApi(taxOrFee.calculation_type, taxOrFee.rate, taxOrFee.currency),
          currency: taxOrFee.currency,
          is_default: taxOrFee.is_default,
          description: taxOrFee.description ?? '',
        }
      : {
          name: '',
          type: 'TAX',
          calculation_type: 'PERCENTAGE',
          rate: '',
          currency: accountCurrency,
          is_default: false,
          description: '',
        },
    validate,
  });
  const formError = useFormError(form.setErrors);
  const fixed = form.values.calculation_type === 'FIXED';
  const currency = form.values.currency;
  const symbol = currencySymbol(currency, i18n.locale);
  const decimal = decimalSeparator(i18n.locale);

  const submit = (values: TaxValues) =>
    save.mutate({ id: taxOrFee?.id, body: toBody(values) }, formError.handle(onDone));

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <TextInput
        label={t`Name`}
        placeholder={t`e.g. VAT or Booking fee`}
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Radio.Group label={t`Kind`} required {...form.getInputProps('type')}>
          <Group gap="md" mt={6}>
            <Radio value="TAX" label={t`Tax`} />
            <Radio value="FEE" label={t`Fee`} />
          </Group>
        </Radio.Group>
        <Radio.Group label={t`Calculated as`} required {...form.getInputProps('calculation_type')}>
          <Group gap="md" mt={6}>
            <Radio value="PERCENTAGE" label={t`Percentage`} />
            <Radio value="FIXED" label={t`Fixed amount`} />
          </Group>
        </Radio.Group>
      </SimpleGrid>
      {fixed ? (
        <CurrencySelect
          label={t`Currency of the amount`}
          description={t`The fee is charged only on events in this currency, never converted.`}
          required
          {...form.getInputProps('currency')}
        />
      ) : null}
      <NumberInput
        label={fixed ? t`Amount per ticket` : t`Rate`}
        description={
          fixed
            ? t`In ${currency}, added to each ticket's price.`
            : t`A percentage of each ticket's price, from 0 to 100.`
        }
        required
        min={0}
        max={fixed ? undefined : 100}
        decimalScale={fixed ? currencyExponent(currency) : 3}
        allowNegative={false}
        decimalSeparator={decimal}
        leftSection={fixed ? <span aria-hidden>{symbol}</span> : undefined}
        rightSection={fixed ? undefined : <span aria-hidden>%</span>}
        {...form.getInputProps('rate')}
      />
      <Textarea label={t`Description`} autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
      <Switch
        label={t`Add to new tickets by default`}
        description={t`New tickets start with this tax or fee selected.`}
        {...form.getInputProps('is_default', { type: 'checkbox' })}
      />
      <FormActions onCancel={onDone} loading={save.isPending}>
        {taxOrFee ? <Trans>Save changes</Trans> : <Trans>Add tax or fee</Trans>}
      </FormActions>
    </FormStack>
  );
}
