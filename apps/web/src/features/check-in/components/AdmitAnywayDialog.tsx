import { checkInScan } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { FormActions, FormStack } from '../../../components/FormActions';
import { issueTranslator } from '../../../lib/error-text';
import { useFormError } from '../../../lib/form-submit';
import { useLastValue } from '../../../lib/use-last-value';
import { zodFormErrors } from '../../../lib/zod-form';
import { type SubmitResult, toneOf } from '../hooks/useCheckIn';
import { TONE_COLOR } from '../scan-tone';
import { fullName, type OverridableResult, ticketOf, useOutcomeText } from './ScanOutcomeCard';

/** The refusal to pass over, and what to do with the new outcome (show it as any scan's). */
export interface AdmitRequest {
  result: OverridableResult;
  onAdmitted: (value: SubmitResult) => void;
}

interface AdmitAnywayDialogProps {
  /** null: closed. */
  request: AdmitRequest | null;
  timeZone: string;
  /** Sends the scan again with the reason (useCheckIn's `admitAnyway`). */
  admit: (scan: OverridableResult['scan'], reason: string) => Promise<SubmitResult>;
  onClose: () => void;
}

/** The longest reason the server keeps (checkInScan's `override_reason`). */
const REASON_MAX = 200;

/**
 * "Admit anyway": who was refused and why (in the scan card's words), and the reason, required, that goes into the
 * audit log with the admin's or organizer's name. Confirmed, the ticket is checked in and the new outcome shown.
 */
export function AdmitAnywayDialog({ request, timeZone, admit, onClose }: AdmitAnywayDialogProps) {
  // Kept while the dialog closes, so it does not blank out during its exit animation.
  const shown = useLastValue(request);
  return (
    <AppModal opened={request !== null} onClose={onClose} title={<Trans>Admit anyway</Trans>}>
      {shown ? (
        <AdmitAnywayForm key={shown.result.outcome.attendee.id} request={shown} {...{ timeZone, admit, onClose }} />
      ) : null}
    </AppModal>
  );
}

function AdmitAnywayForm({
  request,
  timeZone,
  admit,
  onClose,
}: Omit<AdmitAnywayDialogProps, 'request'> & { request: AdmitRequest }) {
  const { t, i18n } = useLingui();
  const { result } = request;
  const { title, detail } = useOutcomeText(result, timeZone);
  const color = TONE_COLOR[toneOf(result)];
  const attendee = result.outcome.attendee;
  const name = fullName(attendee);
  const form = useForm({ initialValues: { override_reason: '' } });
  const formError = useFormError(form.setErrors);
  const [pending, setPending] = useState(false);

  const submit = form.onSubmit(async ({ override_reason }) => {
    // The server's rule (3 to 200 characters), said in the form's words before sending.
    const errors = zodFormErrors(checkInScan, { ...result.scan, override_reason }, issueTranslator(i18n));
    if (errors.override_reason) {
      form.setErrors({ override_reason: errors.override_reason });
      return;
    }
    formError.clear();
    setPending(true);
    try {
      const value = await admit(result.scan, override_reason.trim());
      request.onAdmitted(value);
      onClose();
    } catch (e) {
      formError.fail(e);
    } finally {
      setPending(false);
    }
  });

  return (
    <FormStack onSubmit={(e) => void submit(e)} error={formError.error}>
      <Stack gap={2}>
        <Text fw={700} fz="lg" data-testid="admit-anyway-name">
          {name}
        </Text>
        <Text size="sm" c="dimmed">
          {ticketOf(attendee)}
        </Text>
      </Stack>
      <Paper
        radius="md"
        p="sm"
        withBorder
        bg={`${color}.0`}
        style={{ borderColor: `var(--mantine-color-${color}-6)`, borderWidth: 2 }}
        data-testid="admit-anyway-refusal"
      >
        <Text fw={700} c={`${color}.9`}>
          {title}
        </Text>
        {detail ? (
          <Text size="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
        ) : null}
      </Paper>
      <Textarea
        label={t`Reason`}
        description={t`Kept in the audit log with your name. The ticket is checked in on this list.`}
        placeholder={t`Upgraded by the promoter`}
        required
        rows={3}
        maxLength={REASON_MAX}
        data-autofocus
        {...form.getInputProps('override_reason')}
      />
      <FormActions onCancel={onClose} loading={pending}>
        <Trans>Admit anyway</Trans>
      </FormActions>
    </FormStack>
  );
}
