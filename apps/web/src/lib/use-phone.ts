import { useMatches } from '@mantine/core';

/**
 * A phone: narrower than the theme's `sm` breakpoint (48em, 768 px). Read at the first render, not in an
 * effect, so a screen laid out differently there (cards instead of a table, the search first) renders
 * once, the right way. In tests, `window.matchMedia` decides (test-utils/viewport.ts).
 */
export function usePhone(): boolean {
  return useMatches({ base: true, sm: false }, { getInitialValueInEffect: false });
}
