import type { Locale } from '@admitone/shared';

import { escapeHtml } from './page-head.js';

/** What a buyer page puts into the template: its language, head tags, rendered markup and data. */
export interface PageParts {
  locale: Locale;
  head: { title: string; tags: string };
  html: string;
  dataJson: string;
}

/** One place the template is changed at: the characters from `start` to `end` give way to `insert`. */
interface Edit {
  start: number;
  end: number;
  insert(parts: PageParts): string;
}

/** The first place `pattern` is found in the template, as an edit (none when it is not there). */
function editAt(template: string, pattern: string | RegExp, insert: Edit['insert']): Edit[] {
  if (typeof pattern === 'string') {
    const start = template.indexOf(pattern);
    return start < 0 ? [] : [{ start, end: start + pattern.length, insert }];
  }
  const match = pattern.exec(template);
  return match ? [{ start: match.index, end: match.index + match[0].length, insert }] : [];
}

/**
 * The buyer pages' template (public.html with its style sheets written in), cut once at the places a page
 * fills in: the language, the head tags (the template's own title goes), the rendered markup and the data
 * before `</body>`. Its fixed parts (most of it: the styles) are kept as bytes, so a page is those bytes
 * and its own parts joined, never a search through and a copy and encoding of the whole template. The
 * parts go in as they are (no replacement patterns: `$&` in organizer text stays text).
 */
export function pageTemplate(template: string): (parts: PageParts) => Buffer {
  const edits = [
    ...editAt(template, '<html lang="en"', (p) => `<html lang="${p.locale}"`),
    ...editAt(template, /<title>[^<]*<\/title>/, () => ''),
    ...editAt(template, '<!--app-head-->', (p) => `<title>${escapeHtml(p.head.title)}</title>\n    ${p.head.tags}`),
    ...editAt(template, '<!--app-html-->', (p) => p.html),
    ...editAt(
      template,
      '</body>',
      (p) => `<script id="admitone-data" type="application/json">${p.dataJson}</script>\n  </body>`,
    ),
  ].sort((a, b) => a.start - b.start);
  if (edits.some((e, i) => i > 0 && e.start < edits[i - 1]!.end)) throw new Error('the page template is malformed');
  const fixed: Buffer[] = [];
  let at = 0;
  for (const e of edits) {
    fixed.push(Buffer.from(template.slice(at, e.start)));
    at = e.end;
  }
  fixed.push(Buffer.from(template.slice(at)));
  return (parts) => {
    const chunks: Buffer[] = [fixed[0]!];
    edits.forEach((e, i) => chunks.push(Buffer.from(e.insert(parts)), fixed[i + 1]!));
    return Buffer.concat(chunks);
  };
}
