import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';

import {
  chargeAppliesTo,
  type EventDto,
  MAIL_TEXT_MAX,
  type ProductCategoryDto,
  type TaxOrFeeDto,
  ticketBody as ticketSchema,
  type TicketDto,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Checkbox,
  Fieldset,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormActions } from '../../../components/FormActions';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { MoneyInput } from '../../../components/MoneyInput';
import { RichTextInput } from '../../../components/RichTextInput';
import { WallClockPicker, WallClockProvider } from '../../../components/WallClockPicker';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useTaxesAndFees } from '../../account/api/taxes';
import { useMe } from '../../users/api/me';
import { useSaveTicket } from '../api/tickets';
import { canBePass, previewBase, quantityErrors, ticketBody, type TicketValues, ticketValues } from '../ticket-form';
import { BuyerPaysPreview } from './BuyerPaysPreview';
import { useCategoryName } from './CategoryHeading';
import { TicketTiersEditor } from './TicketTiersEditor';

interface TicketFormProps {
  event: EventDto;
  ticket?: TicketDto;
  /** The event's categories: with more than one, the form asks which. */
  categories: ProductCategoryDto[];
  /** The category a new ticket starts in (null: the first). */
  categoryId?: number | null;
  onDone: () => void;
}

function TicketFormFields({
  event,
  ticket,
  taxes,
  categories,
  categoryId = null,
  onDone,
}: TicketFormProps & { taxes: TaxOrFeeDto[] }) {
  const { t } = useLingui();
  const mailTextMax = MAIL_TEXT_MAX;
  const categoryName = useCategoryName();
  const currency = event.currency;
  const save = useSaveTicket(event.id);
  const errorRef = useRef<HTMLDivElement>(null);
  const [askFreeTaxes, setAskFreeTaxes] = useState(false);
  const toBody = (v: TicketValues) => ticketBody(v, currency);
  const schemaErrors = useSchemaValidation<TicketValues>(ticketSchema, toBody);
  const form = useForm<TicketValues>({
    initialValues: ticketValues(
      ticket,
      currency,
      event.timezone,
      taxes.filter((x) => x.is_default && chargeAppliesTo(x, currency)).map((x) => x.id),
      categoryId ?? categories[0]?.id ?? null,
    ),
    validate: (values) => ({ ...schemaErrors(values), ...quantityErrors(values, t`This field is required.`) }),
  });
  const formError = useFormError(form.setErrors);
  const v = form.values;

  const send = (values: TicketValues) => {
    formError.clear();
    save.mutate(
      { id: ticket?.id, body: toBody(values) },
      {
        onSuccess: onDone,
        onError: (e) => {
          // TICKET_TYPE_LOCKED, TIER_HAS_SALES…: the alert is at the top of a long form, so bring it into view.
          if (formError.fail(e)) requestAnimationFrame(() => errorRef.current?.scrollIntoView({ block: 'nearest' }));
        },
      },
    );
  };
  const submit = (values: TicketValues) => {
    if (values.type === 'FREE' && values.tax_and_fee_ids.length) setAskFreeTaxes(true);
    else send(values);
  };
  const removeTaxesAndSave = () => {
    setAskFreeTaxes(false);
    form.setFieldValue('tax_and_fee_ids', []);
    send({ ...form.values, tax_and_fee_ids: [] });
  };
  const charges = taxes.filter((x) => v.tax_and_fee_ids.includes(String(x.id)) && chargeAppliesTo(x, currency));

  return (
    <WallClockProvider>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {formError.error ? (
            // The margin keeps the alert clear of the dialog's sticky title bar when scrolled to.
            <div ref={errorRef} style={{ scrollMarginTop: 80 }}>
              <FormErrorAlert error={formError.error} />
            </div>
          ) : null}
          <TextInput label={t`Name`} required data-autofocus {...form.getInputProps('name')} />
          {categories.length > 1 ? (
            <Select
              label={t`Category`}
              allowDeselect={false}
              data={categories.map((c) => ({ value: String(c.id), label: categoryName(c) }))}
              {...form.getInputProps('category_id')}
            />
          ) : null}
          <RichTextInput
            label={t`Description`}
            defaultValue={v.description}
            onChange={(html) => form.setFieldValue('description', html)}
            error={form.errors.description}
          />
          <Textarea
            label={t`Text for this ticket's mails`}
            description={t`Shown in the confirmation and ticket mails, e.g. what to bring or which entrance to use. Up to ${mailTextMax} characters.`}
            autosize
            minRows={2}
            maxRows={8}
            {...form.getInputProps('mail_text')}
          />
          <Input.Wrapper
            label={t`Ticket or product`}
            labelElement="div"
            description={
              ticket && !ticket.can_change_type
                ? t`What it is cannot change once it has sales.`
                : t`A ticket admits a person: the buyer names them, they get a QR code and are checked in. A product is anything else sold: merchandise, parking, a dinner.`
            }
          >
            <SegmentedControl
              mt={4}
              fullWidth
              aria-label={t`Ticket or product`}
              disabled={ticket ? !ticket.can_change_type : false}
              data={[
                { value: 'TICKET', label: t`Ticket` },
                { value: 'GENERAL', label: t`Product` },
              ]}
              {...form.getInputProps('product_type')}
            />
          </Input.Wrapper>
          {canBePass(v) ? (
            <Stack gap="xs">
              <Checkbox
                label={t`Pass: valid on every date it is sold on`}
                description={
                  ticket && !ticket.can_change_type
                    ? t`Whether it is a pass cannot change once it has sales.`
                    : t`One purchase admits once on each date ahead that sells this ticket (choose them on the Dates screen): a season, or a weekend.`
                }
                disabled={ticket ? !ticket.can_change_type : false}
                {...form.getInputProps('is_pass', { type: 'checkbox' })}
              />
              {v.is_pass ? (
                <Group align="flex-end" gap="md" ml="xl">
                  <Checkbox
                    label={t`The holder picks the dates`}
                    description={t`Any number of its dates, picked on the order page after buying.`}
                    mb={8}
                    disabled={ticket ? !ticket.can_change_type : false}
                    {...form.getInputProps('pass_picks_on', { type: 'checkbox' })}
                  />
                  {v.pass_picks_on ? (
                    <NumberInput
                      label={t`Number of dates`}
                      min={1}
                      max={1000}
                      allowDecimal={false}
                      allowNegative={false}
                      w={160}
                      {...form.getInputProps('pass_picks')}
                    />
                  ) : null}
                </Group>
              ) : null}
              {v.is_pass && !v.pass_picks_on && v.type === 'PAID' ? (
                <Checkbox
                  ml="xl"
                  label={t`Price by the dates that remain`}
                  description={t`Bought once some of its dates are over, it costs the share of its dates still ahead.`}
                  {...form.getInputProps('pass_prorated', { type: 'checkbox' })}
                />
              ) : null}
            </Stack>
          ) : null}
          {v.product_type === 'GENERAL' ? (
            <Group align="flex-end" gap="md">
              <Checkbox
                label={t`Add-on: sold only with tickets`}
                mb={8}
                {...form.getInputProps('is_addon', { type: 'checkbox' })}
              />
              {v.is_addon ? (
                <NumberInput
                  label={t`At most per ticket`}
                  min={1}
                  max={100}
                  allowDecimal={false}
                  allowNegative={false}
                  w={180}
                  {...form.getInputProps('addon_max_per_ticket')}
                />
              ) : null}
            </Group>
          ) : null}
          <Input.Wrapper
            label={t`Type`}
            labelElement="div"
            description={
              ticket && !ticket.can_change_type
                ? t`The ticket type cannot change once it has attendees or sales.`
                : undefined
            }
          >
            <SegmentedControl
              mt={4}
              fullWidth
              aria-label={t`Type`}
              disabled={ticket ? !ticket.can_change_type : false}
              data={[
                { value: 'FREE', label: t`Free` },
                { value: 'PAID', label: t`Paid` },
                { value: 'DONATION', label: t`Donation` },
                { value: 'TIERED', label: t`Tiered` },
              ]}
              {...form.getInputProps('type')}
            />
          </Input.Wrapper>
          {v.type === 'PAID' ? (
            <MoneyInput
              label={t`Price`}
              description={t`Excluding taxes and fees.`}
              currency={currency}
              required
              {...form.getInputProps('price')}
            />
          ) : null}
          {v.type === 'DONATION' ? (
            <MoneyInput
              label={t`Minimum price`}
              description={t`The least a buyer may give.`}
              currency={currency}
              required
              {...form.getInputProps('min_price')}
            />
          ) : null}
          {v.type === 'TIERED' ? <TicketTiersEditor form={form} currency={currency} /> : null}
          {v.type !== 'TIERED' ? (
            <Group align="flex-end" gap="md">
              <NumberInput
                label={t`Quantity available`}
                description={t`On each date of the event.`}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                disabled={v.unlimited}
                style={{ flex: 1 }}
                {...form.getInputProps('quantity')}
              />
              <Checkbox label={t`Unlimited`} mb={8} {...form.getInputProps('unlimited', { type: 'checkbox' })} />
            </Group>
          ) : null}
          <MultiSelect
            label={t`Taxes and fees`}
            placeholder={v.tax_and_fee_ids.length ? undefined : t`None`}
            // A fixed fee in another currency cannot be charged here (the API refuses it): shown, not choosable.
            data={taxes.map((x) =>
              chargeAppliesTo(x, currency)
                ? { value: String(x.id), label: x.name }
                : {
                    value: String(x.id),
                    label: t`${x.name} (only for events in ${x.currency})`,
                    disabled: !v.tax_and_fee_ids.includes(String(x.id)),
                  },
            )}
            clearable
            searchable
            nothingFoundMessage={t`No taxes or fees`}
            {...form.getInputProps('tax_and_fee_ids')}
          />
          <BuyerPaysPreview type={v.type} base={previewBase(v, currency)} charges={charges} currency={currency} />
          <Fieldset legend={t`Sales channels`} variant="unstyled">
            <Stack gap="xs">
              <Checkbox
                label={t({ message: 'Sold online', context: 'ticket sales channel' })}
                description={t`On the event page, the widget and through the API.`}
                {...form.getInputProps('sold_online', { type: 'checkbox' })}
              />
              <Checkbox
                label={t({ message: 'Sold at the box office', context: 'ticket sales channel' })}
                {...form.getInputProps('sold_at_box_office', { type: 'checkbox' })}
                onChange={(e) => {
                  form.setFieldValue('sold_at_box_office', e.currentTarget.checked);
                  // "Sell it online, at the box office, or both." sits on the first box: choosing this answers it.
                  form.clearFieldError('sold_online');
                }}
              />
              {v.type === 'PAID' && v.sold_at_box_office ? (
                <MoneyInput
                  label={t`Box office price`}
                  description={t`Leave empty to charge the same price at the box office.`}
                  currency={currency}
                  ml="xl"
                  {...form.getInputProps('box_office_price')}
                />
              ) : null}
            </Stack>
          </Fieldset>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <WallClockPicker
              label={t`Sale starts`}
              description={t`In the event's time zone.`}
              {...form.getInputProps('sale_start')}
            />
            <WallClockPicker
              label={t`Sale ends`}
              description={t`In the event's time zone.`}
              {...form.getInputProps('sale_end')}
            />
            <NumberInput
              label={t`Minimum per order`}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('min_per_order')}
            />
            <NumberInput
              label={t`Maximum per order`}
              placeholder={t`No maximum`}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('max_per_order')}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Checkbox
              label={t`Hidden`}
              description={t`Not shown to buyers.`}
              {...form.getInputProps('is_hidden', { type: 'checkbox' })}
            />
            <Checkbox
              label={t`Hide when sold out`}
              {...form.getInputProps('hide_when_sold_out', { type: 'checkbox' })}
            />
            <Checkbox
              label={t`Waitlist when sold out`}
              disabled={canBePass(v) && v.is_pass}
              description={
                v.waitlist_enabled && v.hide_when_sold_out
                  ? t`Buyers can join a waitlist; tickets that come back are offered to them first. The ticket stays on show once it sells out, so buyers can join, even with “Hide when sold out”.`
                  : t`Buyers can join a waitlist; tickets that come back are offered to them first.`
              }
              {...form.getInputProps('waitlist_enabled', { type: 'checkbox' })}
            />
            <Checkbox
              label={t`Hide before the sale starts`}
              {...form.getInputProps('hide_before_sale_start', { type: 'checkbox' })}
            />
            <Checkbox
              label={t`Hide after the sale ends`}
              {...form.getInputProps('hide_after_sale_end', { type: 'checkbox' })}
            />
            <Checkbox
              label={t`Show only with a promo code`}
              {...form.getInputProps('requires_promo_code', { type: 'checkbox' })}
            />
          </Stack>
          <FormActions onCancel={onDone} loading={save.isPending}>
            {ticket ? (
              <Trans>Save changes</Trans>
            ) : v.product_type === 'GENERAL' ? (
              <Trans>Create product</Trans>
            ) : (
              <Trans>Create ticket</Trans>
            )}
          </FormActions>
        </Stack>
      </form>
      <ConfirmDialog
        opened={askFreeTaxes}
        title={<Trans>Taxes and fees on a free ticket</Trans>}
        message={<Trans>Free tickets carry no taxes or fees. Remove them?</Trans>}
        confirmLabel={<Trans>Remove them</Trans>}
        onConfirm={removeTaxesAndSave}
        onClose={() => setAskFreeTaxes(false)}
      />
    </WallClockProvider>
  );
}

/**
 * Create or edit a ticket: type, price or tiers, quantity, sale window, sales channels, limits, visibility, taxes and
 * fees.
 */
export function TicketForm(props: TicketFormProps) {
  const me = useMe();
  const taxes = useTaxesAndFees(me.data?.account.id ?? 0);
  if (taxes.isError) return <FormErrorAlert error={taxes.error} />;
  if (!taxes.data) return <SectionLoader />;
  return <TicketFormFields {...props} taxes={taxes.data} />;
}
