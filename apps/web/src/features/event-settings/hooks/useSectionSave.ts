import type { EventDto } from '@admitone/shared';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { applyFieldErrors } from '../../../lib/form-submit';

/**
 * Saves one settings section on its own: server field errors land on the form's fields, anything
 * else in `error` (shown above the section); success says so in a notification.
 */
export function useSectionSave<V, B>(
  form: UseFormReturnType<V>,
  mutation: UseMutationResult<EventDto, Error, B>,
  toBody: (values: V) => B,
  successMessage: string,
) {
  const [error, setError] = useState<unknown>(null);
  const onSubmit = form.onSubmit((values) => {
    setError(null);
    mutation.mutate(toBody(values), {
      onSuccess: () => {
        form.resetDirty();
        notifications.show({ color: 'teal', message: successMessage });
      },
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors as (errors: Record<string, string>) => void)) setError(e);
      },
    });
  });
  return { error, onSubmit, saving: mutation.isPending };
}
