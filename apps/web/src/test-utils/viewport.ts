import { vi } from 'vitest';

const PX_PER_EM = 16;

/**
 * Makes `window.matchMedia` answer as a window `width` pixels wide would: `(min-width: …)` and
 * `(max-width: …)` in px or em (Mantine's breakpoints: `sm` is 48em). happy-dom lays nothing out, so
 * this is how a test sees a phone (390) or a desktop (1280). Undone by `vi.restoreAllMocks()`.
 */
export function mockViewportWidth(width: number) {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|r?em)\)/g)].every(([, kind, value, unit]) => {
      const px = Number(value) * (unit === 'px' ? 1 : PX_PER_EM);
      return kind === 'min' ? width >= px : width <= px;
    });
  return vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}
