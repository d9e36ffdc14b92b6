import { useLingui } from '@lingui/react/macro';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { DetailsValues } from './details-form';

/** First name, last name and e-mail at a form path prefix ('' for the buyer, 'attendees.N.'). */
export function PersonFields({ form, prefix }: { form: UseFormReturnType<DetailsValues>; prefix: string }) {
  const { t } = useLingui();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t`First name`} required autoComplete={prefix ? 'off' : 'given-name'} {...form.getInputProps(`${prefix}first_name`)} />
        <TextInput label={t`Last name`} required autoComplete={prefix ? 'off' : 'family-name'} {...form.getInputProps(`${prefix}last_name`)} />
      </SimpleGrid>
      <TextInput label={t`E-mail`} type="email" required autoComplete={prefix ? 'off' : 'email'} {...form.getInputProps(`${prefix}email`)} />
    </>
  );
}
