import '@mantine/core/styles/Skeleton.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Divider, Skeleton, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useInvoiceSettings } from '../api/invoice-settings';
import { InvoiceExport } from './InvoiceExport';
import { InvoiceSettingsForm } from './InvoiceSettingsForm';

/**
 * The organizer's invoice settings: loading, then the form (empty, with a word on what it is for, while the organizer
 * has none: its events issue no invoices until it is filled in), and once set up the export for accounting.
 */
export function OrganizerInvoiceSettings({ organizerId }: { organizerId: number }) {
  const { t } = useLingui();
  const settings = useInvoiceSettings(organizerId);
  if (settings.isError) return <FormErrorAlert error={settings.error} />;
  if (settings.isPending) return <Skeleton h={420} role="status" aria-label={t`Loading invoice settings`} />;
  return (
    <Stack gap="md">
      {settings.data === null ? (
        <Alert
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          role="note"
          data-testid="invoice-settings-empty"
        >
          <Trans>
            Not set up yet. Once you fill in the legal name and address below, the events of this organizer can issue
            invoices: choose when in each event's payment settings.
          </Trans>
        </Alert>
      ) : null}
      <InvoiceSettingsForm organizerId={organizerId} settings={settings.data} />
      {settings.data === null ? null : (
        <>
          <Divider />
          <InvoiceExport organizerId={organizerId} />
        </>
      )}
    </Stack>
  );
}
