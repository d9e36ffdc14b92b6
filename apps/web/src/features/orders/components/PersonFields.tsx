import { familyNameFirst } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Group, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * First name, last name (family name first where the language writes names so) and e-mail of a buyer or an attendee;
 * the first field takes the focus.
 */
export function PersonFields({
  inputProps,
}: {
  inputProps: (field: 'first_name' | 'last_name' | 'email') => GetInputPropsReturnType;
}) {
  const { t, i18n } = useLingui();
  const familyFirst = familyNameFirst(i18n.locale);
  const given = (
    <TextInput
      key="given"
      label={t`First name`}
      required
      data-autofocus={!familyFirst || undefined}
      {...inputProps('first_name')}
    />
  );
  const family = (
    <TextInput
      key="family"
      label={t`Last name`}
      required
      data-autofocus={familyFirst || undefined}
      {...inputProps('last_name')}
    />
  );
  return (
    <>
      <Group grow align="flex-start">
        {familyFirst ? [family, given] : [given, family]}
      </Group>
      <TextInput label={t`E-mail`} type="email" required {...inputProps('email')} />
    </>
  );
}
