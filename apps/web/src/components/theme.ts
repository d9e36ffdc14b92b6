import { createTheme, type CSSVariablesResolver } from '@mantine/core';

import focusRing from './focus-ring.module.css';

const FONT = "'Varela Round', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans SC', sans-serif";

/** The one AdmitOne theme: purple primary colour, Varela Round for text and headings. */
export const theme = createTheme({
  primaryColor: 'violet',
  // Shade 7 keeps violet text and links above 4.5:1 even on the light violet page background.
  primaryShade: { light: 7, dark: 5 },
  fontFamily: FONT,
  headings: { fontFamily: FONT, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // People who asked their system for less motion get drawers, dialogs and menus without animations.
  respectReducedMotion: true,
  components: {
    Anchor: { defaultProps: { underline: 'hover' } },
    // A badge is a word or two: never cut short to "ADMINISTRA…" when a table column is squeezed
    // (longer in German and French); the table scrolls sideways instead.
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // Every input built on Mantine's Input (text, select, date pickers, native selects).
    Input: { classNames: { input: focusRing.input } },
  },
});

/** Darkens dimmed and error text so they keep a 4.5:1 contrast on white (WCAG AA, axe). */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7]!, '--mantine-color-error': t.colors.red[9]! },
  dark: {},
});
