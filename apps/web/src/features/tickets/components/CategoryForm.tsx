import '@mantine/core/styles/Switch.css';

import { type ProductCategoryBody, productCategoryBody, type ProductCategoryDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { FormActions, FormStack } from '../../../components/FormActions';
import { RichTextInput } from '../../../components/RichTextInput';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useSaveCategory } from '../api/tickets';

interface CategoryValues {
  name: string;
  description: string;
  is_hidden: boolean;
  starts_collapsed: boolean;
}

const toBody = (v: CategoryValues): ProductCategoryBody => ({
  name: v.name.trim() || null,
  description: v.description.trim() || null,
  is_hidden: v.is_hidden,
  starts_collapsed: v.starts_collapsed,
});

/** Name, description, hidden and collapsed of a product category. */
export function CategoryForm({
  eventId,
  category,
  onDone,
}: {
  eventId: number;
  category?: ProductCategoryDto;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const save = useSaveCategory(eventId);
  const validate = useSchemaValidation<CategoryValues>(productCategoryBody, toBody);
  const form = useForm<CategoryValues>({
    initialValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      is_hidden: category?.is_hidden ?? false,
      starts_collapsed: category?.starts_collapsed ?? false,
    },
    validate,
  });
  const formError = useFormError(form.setErrors);
  const submit = (values: CategoryValues) =>
    save.mutate({ id: category?.id, body: toBody(values) }, formError.handle(onDone));

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <TextInput
        label={t`Name`}
        description={t`Left blank, buyers read "Tickets" in their language.`}
        placeholder={t`Tickets`}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <RichTextInput
        label={t`Description`}
        defaultValue={form.values.description}
        onChange={(html) => form.setFieldValue('description', html)}
        error={form.errors.description}
      />
      <Switch
        label={t`Starts collapsed`}
        description={t`Buyers open it to see what it holds.`}
        {...form.getInputProps('starts_collapsed', { type: 'checkbox' })}
      />
      <Switch
        label={t`Hidden`}
        description={t`Buyers see neither the category nor anything in it.`}
        {...form.getInputProps('is_hidden', { type: 'checkbox' })}
      />
      <FormActions onCancel={onDone} loading={save.isPending}>
        {category ? <Trans>Save changes</Trans> : <Trans>Add category</Trans>}
      </FormActions>
    </FormStack>
  );
}
