import type { Locale } from '@admitone/shared';
import { emailChangeMail, type EmailChangeData } from './email-change.js';
import { emailConfirmationMail, type EmailConfirmationData } from './email-confirmation.js';
import { invitationMail, type InvitationData } from './invitation.js';
import type { RenderedMail } from './layout.js';
import { passwordResetMail, type PasswordResetData } from './password-reset.js';

/** Every mail the product sends, by name, with the data each needs. */
export interface TemplateData {
  password_reset: PasswordResetData;
  invitation: InvitationData;
  email_confirmation: EmailConfirmationData;
  email_change: EmailChangeData;
}
export type TemplateName = keyof TemplateData;

const TEMPLATES: { [K in TemplateName]: (locale: Locale, data: TemplateData[K]) => RenderedMail } = {
  password_reset: passwordResetMail,
  invitation: invitationMail,
  email_confirmation: emailConfirmationMail,
  email_change: emailChangeMail,
};

export function renderMail(name: TemplateName, locale: Locale, data: Record<string, unknown>): RenderedMail {
  const render = TEMPLATES[name] as (locale: Locale, data: unknown) => RenderedMail;
  if (!render) throw new Error(`unknown mail template ${String(name)}`);
  return render(locale, data);
}
