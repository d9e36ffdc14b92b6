import type { EventDto } from '@admitone/shared';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';

import { useSchemaValidation } from '../../../lib/validation';
import { useSectionSave } from './useSectionSave';

/**
 * The form of one settings section: its values checked as the body `toBody` makes of them against the
 * route's `schema`, and saved on their own through `mutation` (useSectionSave). The values' type is the one
 * `toBody` takes.
 */
export function useSectionForm<V extends Record<string, any>, B>(
  schema: z.ZodType,
  mutation: UseMutationResult<EventDto, Error, B>,
  initialValues: NoInfer<V>,
  toBody: (values: V) => B,
  successMessage: string,
) {
  const validate = useSchemaValidation<V>(schema, toBody);
  const form = useForm<V>({ initialValues, validate });
  return { form, ...useSectionSave(form, mutation, toBody, successMessage) };
}
