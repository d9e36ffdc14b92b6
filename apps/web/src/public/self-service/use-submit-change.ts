import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';

import { isApiError, toFormErrors } from '../../lib/api-error';

/**
 * Sends a buyer's change from a dialog's form: the server's field errors go onto the fields, anything
 * else is kept as `failure` for the dialog's alert; `busy` while it is on its way. `isField` names the
 * form's own field paths: an error about anything else (e.g. `ticket_id`) shows in the alert too.
 */
export function useSubmitChange<V>(
  form: UseFormReturnType<V>,
  send: (values: V) => Promise<void>,
  isField: (path: string) => boolean = () => true,
) {
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setBusy(true);
    try {
      await send(values);
    } catch (err) {
      const fields = isApiError(err) ? toFormErrors(err.fieldErrors) : {};
      if (Object.keys(fields).length) form.setErrors(fields);
      if (!Object.keys(fields).length || !Object.keys(fields).every(isField)) setFailure(err);
    } finally {
      setBusy(false);
    }
  });
  return { submit, failure, busy };
}
