import { describeIssue } from '@admitone/shared';
import type { z } from 'zod';

import type { IssueTranslator } from './error-text';

export type { IssueTranslator };

/**
 * Validates form values with a shared zod schema and returns Mantine form errors keyed by the
 * dotted field path (`location.city`); only the first problem of each field is kept.
 */
export function zodFormErrors(schema: z.ZodType, values: unknown, translate: IssueTranslator): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (key in errors) continue;
    errors[key] = translate(describeIssue(issue));
  }
  return errors;
}
