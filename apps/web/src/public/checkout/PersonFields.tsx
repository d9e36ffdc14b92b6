import { familyNameFirst } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

import type { DetailsValues } from './details-form';

/**
 * First name, last name (family name first in a language that writes names so) and e-mail at a form path prefix ('' for
 * the buyer, 'attendees.N.'), in any
 * form holding them there. The browser fills in its owner's details only for the buyer, never for
 * someone else (`someoneElse`: an attendee, the holder a ticket is passed on to).
 */
export function PersonFields<V = DetailsValues>({
  form: anyForm,
  prefix,
  someoneElse = prefix !== '',
  emailDescription,
}: {
  form: UseFormReturnType<V>;
  prefix: string;
  someoneElse?: boolean;
  emailDescription?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const form = anyForm as unknown as UseFormReturnType<DetailsValues>;
  const auto = (own: string) => (someoneElse ? 'off' : own);
  const given = (
    <TextInput
      key="given"
      label={t`First name`}
      required
      autoComplete={auto('given-name')}
      {...form.getInputProps(`${prefix}first_name`)}
    />
  );
  const family = (
    <TextInput
      key="family"
      label={t`Last name`}
      required
      autoComplete={auto('family-name')}
      {...form.getInputProps(`${prefix}last_name`)}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {familyNameFirst(i18n.locale) ? [family, given] : [given, family]}
      </SimpleGrid>
      <TextInput
        label={t`E-mail`}
        type="email"
        required
        autoComplete={auto('email')}
        description={emailDescription}
        {...form.getInputProps(`${prefix}email`)}
      />
    </>
  );
}
