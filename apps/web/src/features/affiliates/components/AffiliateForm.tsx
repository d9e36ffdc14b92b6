import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tooltip.css';

import { type AffiliateBody, affiliateBody, type AffiliateDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Switch, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconWand } from '@tabler/icons-react';

import { FormActions, FormStack } from '../../../components/FormActions';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { suggestAffiliateCode } from '../affiliate-code';
import { useSaveAffiliate } from '../api/affiliates';

interface AffiliateValues {
  name: string;
  code: string;
  email: string;
  enabled: boolean;
}

interface AffiliateFormProps {
  eventId: number;
  affiliate?: AffiliateDto;
  onDone: (saved: AffiliateDto) => void;
  onCancel: () => void;
}

const toBody = (v: AffiliateValues): AffiliateBody => ({
  name: v.name,
  code: v.code,
  email: v.email.trim() || null,
  enabled: v.enabled,
});

/** Name, code (typed or generated), optional e-mail and whether the link counts. */
export function AffiliateForm({ eventId, affiliate, onDone, onCancel }: AffiliateFormProps) {
  const { t } = useLingui();
  const save = useSaveAffiliate(eventId);
  const validate = useSchemaValidation<AffiliateValues>(affiliateBody, toBody);
  const form = useForm<AffiliateValues>({
    initialValues: affiliate
      ? { name: affiliate.name, code: affiliate.code, email: affiliate.email ?? '', enabled: affiliate.enabled }
      : { name: '', code: '', email: '', enabled: true },
    validate,
  });
  const formError = useFormError(form.setErrors);

  const submit = (values: AffiliateValues) =>
    save.mutate({ id: affiliate?.id, body: toBody(values) }, formError.handle(onDone));
  const generate = () => form.setFieldValue('code', suggestAffiliateCode(form.values.name));

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <TextInput
        label={t`Name`}
        description={t`Who shares the link, e.g. a partner, blog or radio station.`}
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t`Code`}
        description={t`3 to 50 letters, digits, dashes or underscores. It appears in the link as ?aff=CODE.`}
        required
        {...form.getInputProps('code')}
        rightSection={
          <Tooltip label={t`Generate a code`}>
            <ActionIcon variant="subtle" aria-label={t`Generate a code`} onClick={generate}>
              <IconWand size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        }
        rightSectionPointerEvents="all"
      />
      <TextInput
        type="email"
        label={t`E-mail`}
        description={t`Optional: how to reach the affiliate.`}
        {...form.getInputProps('email')}
      />
      <Switch
        label={t`Enabled`}
        description={t`Only orders through an enabled link are counted for this affiliate.`}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
      {affiliate && affiliate.code !== form.values.code.trim() ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Trans>Links with the old code will stop counting for this affiliate. Share the new link.</Trans>
        </Alert>
      ) : null}
      <FormActions onCancel={onCancel} loading={save.isPending}>
        {affiliate ? <Trans>Save changes</Trans> : <Trans>Create affiliate</Trans>}
      </FormActions>
    </FormStack>
  );
}
