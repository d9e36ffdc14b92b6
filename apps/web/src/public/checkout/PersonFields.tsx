import { useLingui } from '@lingui/react/macro';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { DetailsValues } from './details-form';

/**
 * First name, last name and e-mail at a form path prefix ('' for the buyer, 'attendees.N.'), in any
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
  const { t } = useLingui();
  const form = anyForm as unknown as UseFormReturnType<DetailsValues>;
  const auto = (own: string) => (someoneElse ? 'off' : own);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t`First name`} required autoComplete={auto('given-name')} {...form.getInputProps(`${prefix}first_name`)} />
        <TextInput label={t`Last name`} required autoComplete={auto('family-name')} {...form.getInputProps(`${prefix}last_name`)} />
      </SimpleGrid>
      <TextInput label={t`E-mail`} type="email" required autoComplete={auto('email')} description={emailDescription} {...form.getInputProps(`${prefix}email`)} />
    </>
  );
}
