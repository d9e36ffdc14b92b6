import type { Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import type { MailSender } from '../sender.js';
import type { MailAttachment } from '../transport.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text for HTML; every value put into a mail goes through it. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Files, and inline images referenced in the HTML as `cid:...`. */
  attachments?: MailAttachment[];
  /** Where answers go (e.g. the event's support address), when not the sender. */
  replyTo?: string;
  /** The From display name (the organizer's); the address stays MAIL_FROM's. */
  fromName?: string;
  /** Extra headers (a marketing-type mail's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Markup that is already safe (sanitised organizer HTML, or built by a template from escaped values), with its
 * plain-text version.
 */
export interface RawHtml {
  html: string;
  /** Empty: left out of the text part. */
  text: string;
}
/** Plain text (escaped in HTML) or ready markup. */
export type MailContent = string | RawHtml;

export interface MailBlock {
  /** Paragraphs: plain text is escaped; RawHtml goes in as it is. */
  paragraphs: MailContent[];
  action?: { label: string; url: string };
  /** Smaller print under the button. */
  footnotes?: MailContent[];
  /**
   * A marketing-type mail (abandoned checkout, follow-up): its one-click unsubscribe link, in the footer and in the
   * List-Unsubscribe headers. Transactional mail has none.
   */
  unsubscribe?: MailUnsubscribe;
}

/** A marketing-type mail's unsubscribe links: the page a reader opens, and the one-click address mail apps POST to. */
export interface MailUnsubscribe {
  page_url: string;
  one_click_url: string;
}

const FOOTER = /*i18n*/ { id: 'mail.footer', message: 'Sent by AdmitOne, event ticketing.' };
const UNSUBSCRIBE = /*i18n*/ {
  id: 'mail.unsubscribe',
  message: "Don't want mails like this from {organizer}? Unsubscribe",
};

/** The top of the mail: the organizer's logo and name for an event's mails, else the AdmitOne wordmark. */
function masthead(sender: MailSender | null | undefined): string {
  if (!sender?.name)
    return `<tr><td style="background:#6d28d9;padding:20px 32px;color:#ffffff;font-size:22px;font-weight:bold">AdmitOne</td></tr>`;
  const logo = sender.logo_url
    ? `<img src="${escapeHtml(sender.logo_url)}" alt="" height="48" style="display:inline-block;height:48px;width:auto;max-width:160px;border:0;vertical-align:middle;margin-right:12px">`
    : '';
  return `<tr><td style="background:#ffffff;padding:20px 32px;border-bottom:4px solid #6d28d9;color:#1f1b2d;font-size:22px;font-weight:bold">${logo}<span style="vertical-align:middle">${escapeHtml(sender.name)}</span></td></tr>`;
}

/**
 * Wraps content in the AdmitOne mail layout, as HTML and as plain text. With `sender` (the mails about
 * an event to its buyers and attendees) the organizer's logo and name head it instead of ours, answers
 * go to its reply-to address and the From display name is its name; the small footer stays.
 */
export function layout(locale: Locale, subject: string, block: MailBlock, sender?: MailSender | null): RenderedMail {
  const footer = translate(locale, FOOTER);
  const unsubscribe = block.unsubscribe
    ? {
        label: translate(locale, UNSUBSCRIBE, { organizer: sender?.name ?? '' }),
        url: block.unsubscribe.page_url,
        oneClick: block.unsubscribe.one_click_url,
      }
    : null;
  const p = (c: MailContent) =>
    typeof c === 'string'
      ? `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f1b2d">${escapeHtml(c)}</p>`
      : c.html;
  const asText = (c: MailContent) => (typeof c === 'string' ? c : c.text);
  const button = block.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(block.action.url)}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-size:16px">${escapeHtml(block.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#5b5570;word-break:break-all">${escapeHtml(block.action.url)}</p>`
    : '';
  const notes = (block.footnotes ?? [])
    .map((n) =>
      typeof n === 'string'
        ? `<p style="margin:0 0 12px;font-size:13px;line-height:20px;color:#5b5570">${escapeHtml(n)}</p>`
        : n.html,
    )
    .join('');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f1fb;font-family:'Varela Round',Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1fb;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
${masthead(sender)}
<tr><td style="padding:32px">${block.paragraphs.map(p).join('')}${button}${notes}</td></tr>
<tr><td style="padding:16px 32px;background:#faf8ff;font-size:12px;color:#5b5570">${escapeHtml(footer)}${unsubscribe ? ` <a href="${escapeHtml(unsubscribe.url)}" style="color:#5b5570">${escapeHtml(unsubscribe.label)}</a>` : ''}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    ...block.paragraphs.map(asText),
    ...(block.action ? [`${block.action.label}: ${block.action.url}`] : []),
    ...(block.footnotes ?? []).map(asText),
    '--',
    footer,
    ...(unsubscribe ? [`${unsubscribe.label}: ${unsubscribe.url}`] : []),
  ]
    .filter((s) => s !== '')
    .join('\n\n');
  return {
    subject,
    html,
    text,
    ...(sender?.reply_to ? { replyTo: sender.reply_to } : {}),
    ...(sender?.name ? { fromName: sender.name } : {}),
    ...(unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
