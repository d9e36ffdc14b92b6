import { useLingui } from '@lingui/react/macro';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

interface NewPasswordFieldsProps {
  /** The form's input props of the password and of its confirmation. */
  password: PasswordInputProps;
  confirmation: PasswordInputProps;
  /** "New password": the person replaces a password they had. */
  replacing?: boolean;
}

/** A password being chosen and its confirmation, with the rule it must meet. */
export function NewPasswordFields({ password, confirmation, replacing = false }: NewPasswordFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <PasswordInput
        label={replacing ? t`New password` : t`Password`}
        description={t`At least 8 characters. A few unrelated words make a strong password that is easy to remember.`}
        autoComplete="new-password"
        required
        {...password}
      />
      <PasswordInput
        label={replacing ? t`Confirm new password` : t`Confirm password`}
        autoComplete="new-password"
        required
        {...confirmation}
      />
    </>
  );
}
