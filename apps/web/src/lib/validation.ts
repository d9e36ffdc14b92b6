import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { z } from 'zod';

import { issueTranslator } from './error-text';
import { zodFormErrors } from './zod-form';

export { errorMessage, issueTranslator } from './error-text';

/** A Mantine `validate` function backed by a shared zod schema (`toBody` maps form values first). */
export function useSchemaValidation<V>(schema: z.ZodType, toBody?: (values: V) => unknown) {
  const { i18n } = useLingui();
  return useCallback(
    (values: V) => zodFormErrors(schema, toBody ? toBody(values) : values, issueTranslator(i18n)),
    [i18n, schema, toBody],
  );
}
