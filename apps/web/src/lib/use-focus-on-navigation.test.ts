import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { useFocusOnNavigation } from './use-focus-on-navigation';

afterEach(() => {
  document.body.innerHTML = '';
});

const nextMutations = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('useFocusOnNavigation', () => {
  it('leaves focus alone on the first page', () => {
    document.body.innerHTML = '<main><h1>Events</h1></main>';
    renderHook(({ path }) => useFocusOnNavigation(path), { initialProps: { path: '/a' } });
    expect(document.activeElement).toBe(document.body);
  });

  it('focuses the new page heading when the old focus went away with the old page', () => {
    document.body.innerHTML = '<main><button>Continue</button></main>';
    document.querySelector('button')!.focus();
    const { rerender } = renderHook(({ path }) => useFocusOnNavigation(path), { initialProps: { path: '/event/1' } });
    document.body.innerHTML = '<header><h1>Logo</h1></header><main><h1>Your details</h1></main>';
    rerender({ path: '/checkout/1/abc/details' });
    const heading = document.querySelector('main h1')!;
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a page that is still loading', async () => {
    const { rerender } = renderHook(({ path }) => useFocusOnNavigation(path), { initialProps: { path: '/a' } });
    document.body.innerHTML = '<div role="status">Loading</div>';
    rerender({ path: '/b' });
    expect(document.activeElement).toBe(document.body);
    document.body.insertAdjacentHTML('beforeend', '<main><h1 tabindex="0">Summary</h1></main>');
    await nextMutations();
    expect(document.activeElement).toBe(document.querySelector('h1'));
    expect(document.querySelector('h1')!.getAttribute('tabindex')).toBe('0');
  });

  it('keeps focus that is still on the page (a link in a layout that stays)', () => {
    document.body.innerHTML = '<nav><a href="/b">Tickets</a></nav><main><h1>Dashboard</h1></main>';
    const link = document.querySelector('a')!;
    link.focus();
    const { rerender } = renderHook(({ path }) => useFocusOnNavigation(path), { initialProps: { path: '/a' } });
    rerender({ path: '/b' });
    expect(document.activeElement).toBe(link);
  });
});
