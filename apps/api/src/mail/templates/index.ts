import type { Locale } from '@admitone/shared';
import type { RenderedMail } from './layout.js';
import { passwordResetMail, type PasswordResetData } from './password-reset.js';

/** Every mail the product sends, by name. */
const TEMPLATES = {
  password_reset: (locale: Locale, data: Record<string, unknown>) => passwordResetMail(locale, data as unknown as PasswordResetData),
} satisfies Record<string, (locale: Locale, data: Record<string, unknown>) => RenderedMail>;

export type TemplateName = keyof typeof TEMPLATES;

export function renderMail(name: TemplateName, locale: Locale, data: Record<string, unknown>): RenderedMail {
  const render = TEMPLATES[name];
  if (!render) throw new Error(`unknown mail template ${String(name)}`);
  return render(locale, data);
}
