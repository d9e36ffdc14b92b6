import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A style sheet link of the built page: `<link rel="stylesheet" ... href="/assets/x.css">`. */
const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const ASSET_HREF = /\bhref="\/(assets\/[\w.-]+\.css)"/;

/**
 * The buyer pages' template with the style sheets of their first load written into the page
 * (`<style data-href="/assets/x.css">`) instead of linked: a phone on a slow network paints the event
 * page after the page itself, not after two more requests for its style sheets. The web build keeps
 * these files out of what lazily loaded pages fetch (vite.config.ts, `firstCssNotRefetched`), so they
 * are never applied twice. A link to a file that is not there, or that could close the style element,
 * is left as it is.
 */
export function inlineStyleSheets(template: string, webDistDir: string): string {
  return template.replace(STYLESHEET_LINK, (link) => {
    const asset = ASSET_HREF.exec(link)?.[1];
    const file = asset ? path.join(webDistDir, asset) : null;
    if (!file || !existsSync(file)) return link;
    const css = readFileSync(file, 'utf8');
    if (/<\/style/i.test(css)) return link;
    return `<style data-href="/${asset}">${css}</style>`;
  });
}
