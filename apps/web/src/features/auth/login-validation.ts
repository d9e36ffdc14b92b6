import { type LoginBody, loginBody, ssoStartBody } from '@admitone/shared';

import type { IssueTranslator } from '../../lib/error-text';
import { zodFormErrors } from '../../lib/zod-form';

/**
 * The login form's errors by field ({} when it may be sent). Loaded when the form is first submitted:
 * the login page is the organizers' first page, and the schema brings zod (about 20 KiB) with it.
 */
export const loginErrors = (values: LoginBody, translate: IssueTranslator) =>
  zodFormErrors(loginBody, values, translate);

/** The work address single sign-on starts with ({} when it may be sent); loaded on its first submit, as the login's. */
export const ssoEmailErrors = (email: string, translate: IssueTranslator) =>
  zodFormErrors(ssoStartBody, { email }, translate);
