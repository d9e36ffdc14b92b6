import { i18n } from '@lingui/core';
import { DatesProvider } from '@mantine/dates';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test-utils/render';
import { DateTimeField } from './DateTimeField';

beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => {
  act(() => i18n.activate('en'));
});

/** The field over a form value, recording every change. */
function Harness({ initial = null, changes }: { initial?: string | null; changes: Array<string | null> }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DateTimeField
      label="Starts"
      clearable
      clearLabel="Clear the start"
      value={value}
      onChange={(v) => {
        changes.push(v);
        setValue(v);
      }}
    />
  );
}

function renderField(initial: string | null = null) {
  const changes: Array<string | null> = [];
  renderWithProviders(
    <DatesProvider settings={{ locale: 'en' }}>
      <Harness initial={initial} changes={changes} />
    </DatesProvider>,
  );
  return changes;
}

const field = () => screen.getByRole('button', { name: 'Starts' });
const time = () => screen.getByRole('textbox', { name: 'Time' }) as HTMLInputElement;
const plain = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');

function open() {
  fireEvent.click(field());
  return screen.findByRole('textbox', { name: 'Time' });
}

describe('DateTimeField', () => {
  it('takes the day at once, then the time as typed ("1930" is 19:30), shown back on the language\'s clock', async () => {
    const changes = renderField('2030-09-10 12:00:00');
    await open();
    expect(plain(time().value)).toBe('12:00 PM');
    fireEvent.click(screen.getByRole('button', { name: /14 September 2030/ }));
    expect(changes).toEqual(['2030-09-14 12:00:00']);
    await waitFor(() => expect(document.activeElement).toBe(time()));

    fireEvent.change(time(), { target: { value: '1930' } });
    // Nothing half-typed is taken while typing.
    expect(changes).toEqual(['2030-09-14 12:00:00']);
    fireEvent.blur(time());
    expect(plain(time().value)).toBe('7:30 PM');
    expect(changes).toEqual(['2030-09-14 12:00:00', '2030-09-14 19:30:00']);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm date and time' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Time' })).toBeNull());
    expect(plain(field().textContent)).toContain('Sep 14, 2030, 7:30 PM');
  });

  it('the first key typed after a day is chosen replaces the time, even when its selection was lost', async () => {
    renderField('2030-09-10 12:00:00');
    await open();
    fireEvent.click(screen.getByRole('button', { name: /14 September 2030/ }));
    await waitFor(() => expect(document.activeElement).toBe(time()));
    // Something moved the caret to the end in between (the bug: "1930" became "0:001930").
    time().setSelectionRange(time().value.length, time().value.length);
    fireEvent.keyDown(time(), { key: '1' });
    expect([time().selectionStart, time().selectionEnd]).toEqual([0, time().value.length]);
    // Only the first: the next keys type where the caret is.
    time().setSelectionRange(1, 1);
    fireEvent.keyDown(time(), { key: '9' });
    expect([time().selectionStart, time().selectionEnd]).toEqual([1, 1]);
  });

  it('a caret placed by hand is kept: typing goes where it was put', async () => {
    renderField('2030-09-10 12:00:00');
    await open();
    fireEvent.click(screen.getByRole('button', { name: /14 September 2030/ }));
    await waitFor(() => expect(document.activeElement).toBe(time()));
    fireEvent.mouseDown(time());
    time().setSelectionRange(2, 2);
    fireEvent.keyDown(time(), { key: '3' });
    expect([time().selectionStart, time().selectionEnd]).toEqual([2, 2]);
  });

  it('says when a typed time is not one, takes nothing and stays open', async () => {
    const changes = renderField('2030-09-10 12:00:00');
    await open();
    fireEvent.change(time(), { target: { value: '25:00' } });
    fireEvent.keyDown(time(), { key: 'Enter' });
    expect(await screen.findByText('Enter a time such as 7:30 PM.')).toBeTruthy();
    expect(time().getAttribute('aria-invalid')).toBe('true');
    expect(changes).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Time' })).toBeTruthy();

    // Corrected: the error goes as soon as it reads, Enter takes it and closes.
    fireEvent.change(time(), { target: { value: '7.30pm' } });
    expect(screen.queryByText('Enter a time such as 7:30 PM.')).toBeNull();
    fireEvent.keyDown(time(), { key: 'Enter' });
    expect(changes).toEqual(['2030-09-10 19:30:00']);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Time' })).toBeNull());
  });

  it('starts an empty field at midnight of the chosen day, and can be cleared', async () => {
    const changes = renderField(null);
    await open();
    expect(time().value).toBe('');
    const day = screen
      .getAllByRole('button')
      .find((b) => /^15 /.test(b.getAttribute('aria-label') ?? '') && !b.hasAttribute('data-outside'))!;
    fireEvent.click(day);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatch(/^\d{4}-\d{2}-15 00:00:00$/);
    expect(plain(time().value)).toBe('12:00 AM');
    fireEvent.change(time(), { target: { value: '9' } });
    fireEvent.keyDown(time(), { key: 'Enter' });
    expect(changes[1]).toMatch(/^\d{4}-\d{2}-15 09:00:00$/);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Time' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Clear the start' }));
    expect(changes[2]).toBeNull();
  });

  it('reads and shows times in German on the 24-hour clock', async () => {
    act(() => i18n.loadAndActivate({ locale: 'de', messages: {} }));
    const changes = renderField('2030-09-10 12:00:00');
    await open();
    expect(time().value).toBe('12:00');
    expect(time().getAttribute('placeholder')).toBe('19:30');
    fireEvent.change(time(), { target: { value: '7:30 pm' } });
    fireEvent.blur(time());
    expect(time().value).toBe('19:30');
    expect(changes).toEqual(['2030-09-10 19:30:00']);
  });

  it('a time typed and then left by closing the dropdown is taken only when it reads', async () => {
    const changes = renderField('2030-09-10 12:00:00');
    await open();
    fireEvent.change(time(), { target: { value: '19:3' } });
    fireEvent.keyDown(time(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Time' })).toBeNull());
    expect(changes).toEqual([]);
    expect(plain(field().textContent)).toContain('12:00 PM');

    await open();
    expect(plain(time().value)).toBe('12:00 PM');
    fireEvent.change(time(), { target: { value: '0930' } });
    fireEvent.keyDown(time(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Time' })).toBeNull());
    expect(changes).toEqual(['2030-09-10 09:30:00']);
  });
});
