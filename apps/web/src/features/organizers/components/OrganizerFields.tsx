import type { OrganizerBody } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { RichTextInput } from '../../../components/RichTextInput';

export interface OrganizerValues {
  name: string;
  email: string;
  description: string;
  website: string;
}

export const organizerValues = (
  o?: { name: string; email: string; description: string | null; website: string | null },
  defaultEmail = '',
): OrganizerValues => ({
  name: o?.name ?? '',
  email: o?.email ?? defaultEmail,
  description: o?.description ?? '',
  website: o?.website ?? '',
});

/** The API body of the organizer fields (create and change take the same). */
export const organizerBodyOf = (v: OrganizerValues): OrganizerBody => ({
  name: v.name,
  email: v.email,
  description: v.description.trim() || null,
  website: v.website.trim() || null,
});

/** Name, contact e-mail, description (formatted text, as buyers see it) and website of an organizer. */
export function OrganizerFields({
  form,
  autoFocus,
}: {
  form: UseFormReturnType<OrganizerValues>;
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextInput
        label={t`Organizer name`}
        description={t`Shown to buyers on your event pages and tickets.`}
        required
        // Also when the form appears after a dialog opened (lazily loaded): focus must not stay behind.
        data-autofocus={autoFocus || undefined}
        autoFocus={autoFocus}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t`Contact e-mail`}
        description={t`Buyers can reply to this address.`}
        type="email"
        autoComplete="email"
        required
        {...form.getInputProps('email')}
      />
      <RichTextInput
        label={t`Description`}
        defaultValue={form.values.description}
        onChange={(html) => form.setFieldValue('description', html)}
        error={form.errors.description}
      />
      <TextInput label={t`Website`} type="url" placeholder="https://" {...form.getInputProps('website')} />
    </>
  );
}
