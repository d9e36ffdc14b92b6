import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

import { applyFieldErrors } from '../../../lib/form-submit';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';

/**
 * Saves one settings section on its own: server field errors land on the form's fields, anything
 * else in `error` (shown above the section); success says so in a notification. `dirty` (edits not
 * saved yet) is reported to the page's UnsavedChangesGuard; a save makes the saved values the form's
 * clean state (edits typed while it was under way stay unsaved).
 */
export function useSectionSave<V, B, R>(
  form: UseFormReturnType<V>,
  mutation: UseMutationResult<R, Error, B>,
  toBody: (values: V) => B,
  successMessage: string,
) {
  const [error, setError] = useState<unknown>(null);
  const onSubmit = form.onSubmit((values) => {
    setError(null);
    mutation.mutate(toBody(values), {
      onSuccess: () => {
        form.resetDirty(values);
        notifications.show({ color: 'teal', message: successMessage });
      },
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors as (errors: Record<string, string>) => void)) setError(e);
      },
    });
  });
  const dirty = useUnsavedChanges(form.isDirty());
  return { error, onSubmit, saving: mutation.isPending, dirty };
}
