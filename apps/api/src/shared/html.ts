import sanitizeHtml from 'sanitize-html';

/** What organizers may write in rich text (descriptions, messages): formatting and links, no scripts. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

/** Second pass: a link whose address was removed (javascript:, data:, ...) becomes its plain text, not a dead link. */
const NO_DEAD_LINKS: sanitizeHtml.IOptions = {
  ...RICH_TEXT,
  transformTags: { a: (tagName, attribs) => (attribs.href ? { tagName, attribs } : { tagName: 'span', attribs: {} }) },
};

/** Sanitises organizer HTML on the way in; returns null for empty content. */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(sanitizeHtml(html, RICH_TEXT), NO_DEAD_LINKS).trim();
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim();
  return text ? clean : null;
}
