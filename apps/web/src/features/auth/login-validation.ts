import { type LoginBody, loginBody } from '@admitone/shared';

import type { IssueTranslator } from '../../lib/error-text';
import { zodFormErrors } from '../../lib/zod-form';

/**
 * The login form's errors by field ({} when it may be sent). Loaded when the form is first submitted:
 * the login page is the organizers' first page, and the schema brings zod (about 20 KiB) with it.
 */
export const loginErrors = (values: LoginBody, translate: IssueTranslator) =>
  zodFormErrors(loginBody, values, translate);
