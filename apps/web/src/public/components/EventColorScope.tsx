import type { EventColors } from '@admitone/shared';
import type { CSSProperties, ReactNode } from 'react';

import classes from './EventColorScope.module.css';

/** The CSS variables an event's colours become (also usable in other stylesheets inside the scope). */
export function eventColorVariables(colors: EventColors): CSSProperties {
  return {
    '--event-background': colors.background,
    '--event-content-background': colors.content_background,
    '--event-primary': colors.primary,
    '--event-primary-text': colors.primary_text,
    '--event-link': colors.link,
    '--event-text': colors.text,
    '--event-widget-background': colors.ticket_widget_background,
  } as CSSProperties;
}

interface EventColorScopeProps {
  colors: EventColors;
  children: ReactNode;
  /** Stretches the scope to at least the viewport height (a whole public page). */
  fullPage?: boolean;
  className?: string;
}

/**
 * Applies an event's colours to everything inside: page background, text, links and primary buttons
 * (Mantine's primary colour variables are overridden). Put content panels in `EventContent`.
 */
export function EventColorScope({ colors, children, fullPage = false, className }: EventColorScopeProps) {
  const cls = [classes.scope, fullPage ? classes.fullPage : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={cls} style={eventColorVariables(colors)}>
      {children}
    </div>
  );
}

/** Class for a panel on the event's content background (cards holding the page's text). */
export const eventContentClass = classes.content;
