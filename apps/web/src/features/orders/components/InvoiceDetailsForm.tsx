import type { OrderDetailDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';

import { FormActions, FormStack } from '../../../components/FormActions';
import {
  invoicePartyBody,
  InvoicePartyFields,
  type InvoicePartyValues,
  invoicePartyValues,
} from '../../../components/InvoicePartyFields';
import { useFormError } from '../../../lib/form-submit';
import { useCorrectInvoiceDetails } from '../api/invoices';

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
  const form = useForm<InvoicePartyValues>({ initialValues: invoicePartyValues(order.invoice_details) });
  const formError = useFormError(form.setErrors);
  const submit = (v: InvoicePartyValues) =>
    save.mutate(
      invoicePartyBody(v),
      formError.handle(() => {
        notifications.show({ color: 'teal', message: t`Invoice details saved. The invoice was issued again.` });
        onDone();
      }),
    );
  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <InvoicePartyFields form={form} />
      <FormActions onCancel={onDone} loading={save.isPending}>
        <Trans>Save and issue again</Trans>
      </FormActions>
    </FormStack>
  );
}
