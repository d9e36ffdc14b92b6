import { useLingui } from '@lingui/react/macro';
import { Group, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** First name, last name and e-mail of a buyer or an attendee; the first name takes the focus. */
export function PersonFields({ inputProps }: { inputProps: (field: 'first_name' | 'last_name' | 'email') => GetInputPropsReturnType }) {
  const { t } = useLingui();
  return (
    <>
      <Group grow align="flex-start">
        <TextInput label={t`First name`} required data-autofocus {...inputProps('first_name')} />
        <TextInput label={t`Last name`} required {...inputProps('last_name')} />
      </Group>
      <TextInput label={t`E-mail`} type="email" required {...inputProps('email')} />
    </>
  );
}
