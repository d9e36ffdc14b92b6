import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Location } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { focusAfterArriving, leavePage } from './page-leave';
import {
  leavesPage,
  UnsavedChangesContext,
  useBeforeUnloadWhile,
  useUnsavedChanges,
  useUnsavedRegistry,
  withReport,
} from './use-unsaved-changes';

const at = (pathname: string, search = ''): Location => ({ pathname, search, hash: '', state: null, key: 'k' });
const from = (a: Location, b: Location) =>
  leavesPage({ currentLocation: a, nextLocation: b, historyAction: 'PUSH' as never });

/** A cancelable beforeunload event, as the browser sends it. */
function unloadEvent() {
  const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
  window.dispatchEvent(event);
  return event;
}

describe('withReport', () => {
  it('adds a dirty form and removes it once clean, keeping the same set when nothing changes', () => {
    const empty: ReadonlySet<string> = new Set();
    const one = withReport(empty, 'a', true);
    expect([...one]).toEqual(['a']);
    expect(withReport(one, 'a', true)).toBe(one);
    const two = withReport(one, 'b', true);
    expect([...two].sort()).toEqual(['a', 'b']);
    expect([...withReport(two, 'a', false)]).toEqual(['b']);
    expect(withReport(empty, 'a', false)).toBe(empty);
  });
});

describe('leavesPage', () => {
  it('blocks another path, not a change of query or hash on the same page', () => {
    expect(from(at('/manage/event/1/settings'), at('/manage/event/1/tickets'))).toBe(true);
    expect(from(at('/manage/event/1/settings'), at('/manage/event/1/settings', '?x=1'))).toBe(false);
  });

  it('lets the login page through: the session has ended, nothing could be saved', () => {
    expect(from(at('/account/settings'), at('/auth/login'))).toBe(false);
  });
});

describe('useBeforeUnloadWhile', () => {
  it('asks the browser to confirm only while dirty', () => {
    const { rerender, unmount } = renderHook(({ dirty }) => useBeforeUnloadWhile(dirty), {
      initialProps: { dirty: false },
    });
    expect(unloadEvent().defaultPrevented).toBe(false);
    rerender({ dirty: true });
    expect(unloadEvent().defaultPrevented).toBe(true);
    rerender({ dirty: false });
    expect(unloadEvent().defaultPrevented).toBe(false);
    rerender({ dirty: true });
    unmount();
    expect(unloadEvent().defaultPrevented).toBe(false);
  });
});

describe('useUnsavedChanges with the page registry', () => {
  it('is dirty while any form is, and forgets a form that unmounts', () => {
    const page = renderHook(() => useUnsavedRegistry());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <UnsavedChangesContext.Provider value={page.result.current.report}>{children}</UnsavedChangesContext.Provider>
    );
    const first = renderHook(({ dirty }) => useUnsavedChanges(dirty), { initialProps: { dirty: false }, wrapper });
    const second = renderHook(({ dirty }) => useUnsavedChanges(dirty), { initialProps: { dirty: false }, wrapper });
    expect(page.result.current.dirty).toBe(false);

    act(() => first.rerender({ dirty: true }));
    act(() => second.rerender({ dirty: true }));
    expect(first.result.current).toBe(true);
    expect(page.result.current.dirty).toBe(true);

    // The first is saved: the second still holds the page.
    act(() => first.rerender({ dirty: false }));
    expect(page.result.current.dirty).toBe(true);

    // The second goes away (its section unmounts): nothing is left to lose.
    act(() => second.unmount());
    expect(page.result.current.dirty).toBe(false);
  });

  it('without a guard around it only gives the flag back', () => {
    const { result } = renderHook(() => useUnsavedChanges(true));
    expect(result.current).toBe(true);
  });
});

// Last in the file: once the page is left on purpose it stays so (until it is shown again).
describe('leaving the page on purpose', () => {
  it('skips the browser prompt: the app asked already (logging out, switching accounts) or nothing could be saved', () => {
    const { unmount } = renderHook(() => useBeforeUnloadWhile(true));
    expect(unloadEvent().defaultPrevented).toBe(true);
    const go = vi.fn();
    leavePage(go);
    expect(go).toHaveBeenCalledOnce();
    expect(unloadEvent().defaultPrevented).toBe(false);
    // Back on the page from the browser's back-forward cache: leaving it asks again.
    window.dispatchEvent(new Event('pageshow'));
    expect(unloadEvent().defaultPrevented).toBe(true);
    unmount();
  });
});

describe("arriving from another of the apps' pages", () => {
  it("puts focus on the new page's main heading once it shows, only after leaving on purpose", async () => {
    sessionStorage.clear();
    document.body.innerHTML = '';
    focusAfterArriving();
    document.body.innerHTML = '<main><h1>Events</h1></main>';
    await Promise.resolve();
    expect(document.activeElement).toBe(document.body);

    leavePage(() => {});
    document.body.innerHTML = '';
    focusAfterArriving();
    document.body.innerHTML = '<main><h1>Events</h1></main>';
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    expect(sessionStorage.getItem('admitone.arriving')).toBeNull();
  });
});
