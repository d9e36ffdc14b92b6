import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/NumberInput.css';

import {
  type EventDto,
  fromMinorUnits,
  type PromoCodeBody,
  promoCodeBody,
  type PromoCodeDto,
  type PromoDiscountType,
  type TicketDto,
  toMinorUnits,
  toZonedPickerValue,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Group, Input, NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { FormActions, FormStack } from '../../../components/FormActions';
import { MoneyInput } from '../../../components/MoneyInput';
import { SegmentedField } from '../../../components/SegmentedField';
import { WallClockPicker, WallClockProvider } from '../../../components/WallClockPicker';
import { useFormError } from '../../../lib/form-submit';
import { toWallClock } from '../../../lib/format';
import { useSchemaValidation } from '../../../lib/validation';
import { TicketsSelect } from '../../tickets/components/TicketsSelect';
import { useSavePromoCode } from '../api/promo-codes';

interface PromoValues {
  code: string;
  discount_type: PromoDiscountType;
  discount: number | string;
  ticket_ids: string[];
  unlimited: boolean;
  max_uses: number | string;
  expires_at: string | null;
}

interface PromoCodeFormProps {
  event: EventDto;
  tickets: TicketDto[];
  promo?: PromoCodeDto;
  onDone: () => void;
}

/** Code, discount (percentage, fixed amount or none), tickets, usage limit and expiry. */
export function PromoCodeForm({ event, tickets, promo, onDone }: PromoCodeFormProps) {
  const { t } = useLingui();
  const currency = event.currency;
  const save = useSavePromoCode(event.id);
  const toBody = (v: PromoValues): PromoCodeBody => {
    const amount = typeof v.discount === 'number' ? v.discount : 0;
    return {
      code: v.code,
      discount_type: v.discount_type,
      discount:
        v.discount_type === 'FIXED' ? toMinorUnits(amount, currency) : v.discount_type === 'PERCENTAGE' ? amount : 0,
      ticket_ids: v.ticket_ids.map(Number),
      // An emptied limit is sent as 0 (reads "at least 1"): null would silently mean unlimited.
      max_uses: v.unlimited ? null : typeof v.max_uses === 'number' ? v.max_uses : 0,
      expires_at: toWallClock(v.expires_at),
    };
  };
  const validate = useSchemaValidation<PromoValues>(promoCodeBody, toBody);
  const form = useForm<PromoValues>({
    initialValues: promo
      ? {
          code: promo.code,
          discount_type: promo.discount_type,
          discount:
            promo.discount_type === 'FIXED'
              ? fromMinorUnits(promo.discount, currency)
              : promo.discount_type === 'PERCENTAGE'
                ? promo.discount
                : '',
          ticket_ids: promo.ticket_ids.map(String),
          unlimited: promo.max_uses === null,
          max_uses: promo.max_uses ?? '',
          expires_at: promo.expires_at ? toZonedPickerValue(promo.expires_at, event.timezone) : null,
        }
      : {
          code: '',
          discount_type: 'PERCENTAGE',
          discount: '',
          ticket_ids: [],
          unlimited: true,
          max_uses: '',
          expires_at: null,
        },
    validate,
  });
  const formError = useFormError(form.setErrors);
  const type = form.values.discount_type;

  const submit = (values: PromoValues) =>
    save.mutate({ id: promo?.id, body: toBody(values) }, formError.handle(onDone));

  return (
    <WallClockProvider>
      <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
        <TextInput
          label={t`Code`}
          description={`${t`3 to 50 letters, digits, dashes or underscores.`} ${t`At least 8 for a code that gives 100% off or unlocks hidden tickets.`}`}
          required
          data-autofocus
          {...form.getInputProps('code')}
        />
        <SegmentedField
          label={t`Discount`}
          data={[
            { value: 'PERCENTAGE', label: t`Percentage` },
            { value: 'FIXED', label: t`Fixed amount` },
            { value: 'NONE', label: t`No discount` },
          ]}
          {...form.getInputProps('discount_type')}
        />
        {type === 'PERCENTAGE' ? (
          <NumberInput
            label={t`Percentage off`}
            required
            min={0}
            max={100}
            decimalScale={3}
            allowNegative={false}
            rightSection={<span aria-hidden>%</span>}
            {...form.getInputProps('discount')}
          />
        ) : null}
        {type === 'FIXED' ? (
          <MoneyInput
            label={t`Amount off per ticket`}
            currency={currency}
            required
            {...form.getInputProps('discount')}
          />
        ) : null}
        {type === 'NONE' ? (
          <Input.Description>{t`The code only unlocks tickets shown with a promo code.`}</Input.Description>
        ) : null}
        <TicketsSelect tickets={tickets} noneChosen={t`All tickets`} clearable {...form.getInputProps('ticket_ids')} />
        <Group align="flex-end" gap="md">
          <NumberInput
            label={t`Usage limit`}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            disabled={form.values.unlimited}
            style={{ flex: 1 }}
            {...form.getInputProps('max_uses')}
          />
          <Checkbox label={t`Unlimited`} mb={8} {...form.getInputProps('unlimited', { type: 'checkbox' })} />
        </Group>
        <WallClockPicker
          label={t`Expires`}
          description={t`In the event's time zone. Leave empty to never expire.`}
          {...form.getInputProps('expires_at')}
        />
        <FormActions onCancel={onDone} loading={save.isPending}>
          {promo ? <Trans>Save changes</Trans> : <Trans>Create promo code</Trans>}
        </FormActions>
      </FormStack>
    </WallClockProvider>
  );
}
