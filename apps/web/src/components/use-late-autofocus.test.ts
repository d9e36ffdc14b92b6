import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { useLateAutofocus } from './use-late-autofocus';

const mutationsDone = () => new Promise((resolve) => setTimeout(resolve, 0));

function dialog() {
  document.body.innerHTML =
    '<div role="dialog"><button id="close">Close</button><div id="body"><div role="status">Loading</div></div></div>';
  document.getElementById('close')!.focus();
  return document.getElementById('body')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useLateAutofocus', () => {
  it('moves focus from the close button to the form that arrives later', async () => {
    const body = dialog();
    const { result } = renderHook(() => useLateAutofocus(true));
    act(() => result.current(body));
    await mutationsDone();
    body.innerHTML = '<form><input id="name" data-autofocus /></form>';
    await mutationsDone();
    expect(document.activeElement?.id).toBe('name');
  });

  it('leaves focus alone once the user is inside the body', async () => {
    const body = dialog();
    body.insertAdjacentHTML('beforeend', '<button id="inside">Retry</button>');
    const { result } = renderHook(() => useLateAutofocus(true));
    act(() => result.current(body));
    await mutationsDone();
    document.getElementById('inside')!.focus();
    body.insertAdjacentHTML('beforeend', '<input id="name" data-autofocus />');
    await mutationsDone();
    expect(document.activeElement?.id).toBe('inside');
  });

  it("leaves focus alone in a dropdown the dialog opened outside itself (a date field's calendar)", async () => {
    const body = dialog();
    body.innerHTML = '<form><input id="name" data-autofocus /><button id="field">Starts</button></form>';
    document.body.insertAdjacentHTML('beforeend', '<div data-portal><input id="time" /></div>');
    const { result } = renderHook(() => useLateAutofocus(true));
    act(() => result.current(body));
    await mutationsDone();
    document.getElementById('time')!.focus();
    // Taking the day writes it into the field: the first change the body sees.
    document.getElementById('field')!.textContent = 'Dec 20, 2026, 12:00 AM';
    await mutationsDone();
    expect(document.activeElement?.id).toBe('time');
  });

  it('moves focus that fell back to the page', async () => {
    const body = dialog();
    const { result } = renderHook(() => useLateAutofocus(true));
    act(() => result.current(body));
    await mutationsDone();
    (document.activeElement as HTMLElement).blur();
    body.innerHTML = '<form><input id="name" data-autofocus /></form>';
    await mutationsDone();
    expect(document.activeElement?.id).toBe('name');
  });

  it('does nothing while the dialog is closed', async () => {
    const body = dialog();
    const { result } = renderHook(() => useLateAutofocus(false));
    act(() => result.current(body));
    await mutationsDone();
    body.innerHTML = '<input id="name" data-autofocus />';
    await mutationsDone();
    expect(document.activeElement?.id).toBe('close');
  });
});
