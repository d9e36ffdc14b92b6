/**
 * Who a mail about an event comes from in its reader's eyes: the organizer. Computed once, when the
 * outbox row is written, and kept in its payload (plain JSON), so a mail sent again says the same.
 * The From address itself stays the platform's (MAIL_FROM): only its display name is the organizer's,
 * so the envelope, SPF and DMARC are ours and no organizer's domain is ever claimed.
 */
export interface MailSender {
  /** The organizer's name, made safe for a header: the From display name and the mail's heading. */
  name: string;
  /** Where answers go: the event's support address, else the organizer's; null: no Reply-To. */
  reply_to: string | null;
  /** Absolute http(s) address of the organizer's logo, shown at the top of the mail; null: none. */
  logo_url: string | null;
}

/** Longest display name kept (a header line stays readable; names are at most a few dozen characters). */
const NAME_MAX = 100;

/**
 * A name for a header and a heading: control characters (CR, LF, tabs, NUL ...), line and paragraph
 * separators and bidirectional overrides become spaces, runs of spaces one, at most NAME_MAX characters.
 * Quotes and the rest stay: nodemailer quotes or encodes the name itself (address objects), so nothing
 * can end the header.
 */
export function headerSafeName(name: string): string {
  const flat = name
    .replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...flat].slice(0, NAME_MAX).join('').trim();
}

/** One plain address (`local@domain.tld`, no name, no list, no spaces or line breaks), at most 254 characters. */
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const isPlainAddress = (s: string | null | undefined): s is string =>
  typeof s === 'string' && s.length <= 254 && ADDRESS.test(s);

/**
 * The organizer as the sender of an event's mails: answers to the event's support address, else the organizer's own.
 */
export function mailSender(input: {
  organizerName: string;
  supportEmail: string | null;
  organizerEmail: string | null;
  logoUrl: string | null;
}): MailSender {
  const replyTo = [input.supportEmail, input.organizerEmail].map((a) => a?.trim() ?? null).find(isPlainAddress) ?? null;
  const logo = input.logoUrl && /^https?:\/\/[^\s"'<>]+$/.test(input.logoUrl) ? input.logoUrl : null;
  return { name: headerSafeName(input.organizerName), reply_to: replyTo, logo_url: logo };
}
