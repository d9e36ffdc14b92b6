import { useLingui } from '@lingui/react';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

import { errorMessage } from '../lib/error-text';

/** Shows a failed call's message (server-translated, or a generic one) above a form. */
export function FormErrorAlert({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      {errorMessage(error, i18n)}
    </Alert>
  );
}
