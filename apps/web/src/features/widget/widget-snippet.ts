/** What an organizer chooses for the embedded ticket widget. */
export interface WidgetOptions {
  primary: string;
  background: string;
  text: string;
  /** Pixels around the tickets, 0..64. */
  padding: number;
  buttonText: string;
  lang: string;
}

/** Query parameters of `/widget/:eventId` (empty options left out). */
function widgetQuery(o: WidgetOptions): string {
  const q = new URLSearchParams();
  if (o.primary) q.set('primary', o.primary);
  if (o.background) q.set('background', o.background);
  if (o.text) q.set('text', o.text);
  q.set('padding', String(o.padding));
  if (o.buttonText.trim()) q.set('button_text', o.buttonText.trim());
  if (o.lang) q.set('lang', o.lang);
  return q.toString();
}

/** The widget page itself, as the preview iframe shows it. */
export function widgetUrl(origin: string, eventId: number, o: WidgetOptions): string {
  return `${origin}/widget/${eventId}?${widgetQuery(o)}`;
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML an organizer pastes into their own site: a placeholder element and the widget script. */
export function widgetSnippet(origin: string, eventId: number, o: WidgetOptions): string {
  const attrs: Array<[string, string]> = [['data-event-id', String(eventId)]];
  if (o.primary) attrs.push(['data-primary', o.primary]);
  if (o.background) attrs.push(['data-background', o.background]);
  if (o.text) attrs.push(['data-text', o.text]);
  attrs.push(['data-padding', String(o.padding)]);
  if (o.buttonText.trim()) attrs.push(['data-button-text', o.buttonText.trim()]);
  if (o.lang) attrs.push(['data-lang', o.lang]);
  const div = `<div data-admitone-widget ${attrs.map(([k, v]) => `${k}="${escapeAttr(v)}"`).join(' ')}></div>`;
  return `${div}\n<script src="${escapeAttr(origin)}/widget.js" async></script>`;
}
