import type { PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import {
  invoicePartyBody,
  InvoicePartyFields,
  type InvoicePartyValues,
  invoicePartyValues,
} from '../../components/InvoicePartyFields';
import { correctInvoiceDetails } from './self-service-api';
import { SelfServiceDialog } from './SelfServiceDialog';
import { useSubmitChange } from './use-submit-change';

/**
 * The buyer corrects who their invoice is made out to (a company or VAT number forgotten at checkout, a new address):
 * the invoice is cancelled and issued again, for the same amounts. The server allows a few corrections and says so.
 */
export function InvoiceDetailsDialog({
  order,
  onClose,
  onSaved,
}: {
  order: PublicOrderDto;
  onClose: () => void;
  onSaved: (order: PublicOrderDto) => void;
}) {
  const { t, i18n } = useLingui();
  const [done, setDone] = useState(false);
  const form = useForm<InvoicePartyValues>({ initialValues: invoicePartyValues(order.invoice_details) });
  const { submit, failure, busy } = useSubmitChange(form, async (values) => {
    onSaved(await correctInvoiceDetails(order.event.id, order.short_id, invoicePartyBody(values), i18n.locale));
    setDone(true);
  });
  return (
    <SelfServiceDialog
      title={t`Correct invoice details`}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      busy={busy}
      action={<Trans>Save and issue again</Trans>}
      done={
        done ? (
          <Text>
            <Trans>Saved. Your invoice was cancelled and issued again with these details: download it below.</Trans>
          </Text>
        ) : null
      }
    >
      <Text size="sm" c="dimmed">
        <Trans>
          The amounts stay the same. The current invoice is cancelled and a new one is issued, so you can do this only a
          few times.
        </Trans>
      </Text>
      <InvoicePartyFields form={form} />
    </SelfServiceDialog>
  );
}
