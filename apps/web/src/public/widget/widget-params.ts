import type { EventColors } from '@admitone/shared';

/** How an embedding page styles the widget (`/widget/:eventId?primary=…`). */
export interface WidgetParams {
  primary: string | null;
  background: string | null;
  text: string | null;
  /** Pixels around the selector. */
  padding: number;
  buttonText: string | null;
  lang: string | null;
}

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const color = (value: string | null) => {
  if (!value) return null;
  const v = value.startsWith('#') ? value : `#${value}`;
  return COLOR.test(v) ? v : null;
};

/** Reads the widget's query string; anything malformed is ignored. */
export function parseWidgetParams(search: string): WidgetParams {
  const q = new URLSearchParams(search);
  const padding = Number.parseInt(q.get('padding') ?? '', 10);
  return {
    primary: color(q.get('primary')),
    background: color(q.get('background')),
    text: color(q.get('text')),
    padding: Number.isFinite(padding) ? Math.min(64, Math.max(0, padding)) : 16,
    buttonText: q.get('button_text')?.trim().slice(0, 60) || null,
    lang: q.get('lang'),
  };
}

/** The event's colours with the embedding page's choices on top (the widget background by default). */
export function widgetColors(colors: EventColors, params: WidgetParams): EventColors {
  const background = params.background ?? colors.ticket_widget_background;
  return {
    ...colors,
    primary: params.primary ?? colors.primary,
    background,
    content_background: background,
    text: params.text ?? colors.text,
  };
}

/** The message the widget posts to its parent when its height changes. */
export const RESIZE_MESSAGE = 'admitone:resize';
