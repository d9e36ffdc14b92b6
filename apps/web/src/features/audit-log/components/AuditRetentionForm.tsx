import '@mantine/core/styles/NumberInput.css';

import {
  type AccountDto,
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_MIN_DAYS,
  type UpdateAccountBody,
  updateAccountBody,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { UnsavedBadge } from '../../../components/UnsavedChangesGuard';
import { numberOf } from '../../../lib/number-input';
import { useSchemaValidation } from '../../../lib/validation';
import { useUpdateAccount } from '../../account/api/account';
import { useSectionSave } from '../../event-settings/hooks/useSectionSave';
import { auditKeys } from '../api/audit-log';

interface RetentionValues {
  audit_retention_days: number | string;
}

// An emptied field is sent as null so it reads "required" instead of being left out.
const toBody = (v: RetentionValues): UpdateAccountBody => ({
  audit_retention_days: numberOf(v.audit_retention_days) as number,
});

/** How many days the account keeps its log (30 to 3,650): older lines are deleted. */
export function AuditRetentionForm({ account }: { account: AccountDto }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const update = useUpdateAccount(account.id);
  const validate = useSchemaValidation<RetentionValues>(updateAccountBody, toBody);
  const form = useForm<RetentionValues>({
    initialValues: { audit_retention_days: account.audit_retention_days },
    validate,
  });
  const min = AUDIT_RETENTION_MIN_DAYS;
  const max = AUDIT_RETENTION_MAX_DAYS;
  const { error, onSubmit, saving, dirty } = useSectionSave(form, update, toBody, t`Retention saved.`);
  // The change is a line of the log itself.
  const saved = update.data;
  useEffect(() => {
    if (saved) void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  }, [saved, queryClient]);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormErrorAlert error={error} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label={t`Keep the log for (days)`}
            description={t`From ${min} to ${max} days. Older entries are deleted.`}
            min={min}
            max={max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            required
            w={{ base: '100%', xs: 320 }}
            {...form.getInputProps('audit_retention_days')}
          />
        </Group>
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            <Trans>Save retention</Trans>
          </Button>
          <UnsavedBadge dirty={dirty} />
        </Group>
      </Stack>
    </form>
  );
}
