import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';

import { useUnsavedChanges } from '../lib/use-unsaved-changes';
import { renderWithProviders } from '../test-utils/render';
import { UnsavedBadge, UnsavedChangesGuard } from './UnsavedChangesGuard';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

/** A stand-in for a settings section: a field, dirty while it differs from what was "saved". */
function Section({ name }: { name: string }) {
  const [saved, setSaved] = useState('');
  const [value, setValue] = useState('');
  const dirty = useUnsavedChanges(value !== saved);
  return (
    <section aria-label={name}>
      <label>
        {name}
        <input value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      </label>
      <UnsavedBadge dirty={dirty} />
      <button type="button" onClick={() => setSaved(value)}>
        Save {name}
      </button>
    </section>
  );
}

function SettingsPage() {
  return (
    <UnsavedChangesGuard>
      <h1>Settings</h1>
      <Link to="/elsewhere">Elsewhere</Link>
      <Section name="Location" />
      <Section name="SEO" />
    </UnsavedChangesGuard>
  );
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/settings', Component: SettingsPage },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
      { path: '/start', element: <h1>Start</h1> },
    ],
    { initialEntries: ['/start', '/settings'], initialIndex: 1 },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const type = (label: string, text: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value: text } });

describe('UnsavedChangesGuard', () => {
  it('lets a clean page go without asking', async () => {
    const router = renderPage();
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the badge per dirty section and one dialog for all of them; Stay keeps the edits, Leave goes', async () => {
    const router = renderPage();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    type('Location', 'Lakeside');
    type('SEO', 'Jazz');
    expect(screen.getAllByText('Unsaved changes')).toHaveLength(2);
    // Inside a polite live region, there before the badge appears.
    expect(screen.getAllByRole('status').filter((s) => s.textContent === 'Unsaved changes')).toHaveLength(2);

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/settings');

    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveProperty('value', 'Lakeside');
    expect(dialog.isConnected).toBe(false);

    // One section saved: its badge goes, the other still holds the page (the back button too).
    fireEvent.click(screen.getByRole('button', { name: 'Save Location' }));
    expect(screen.getAllByText('Unsaved changes')).toHaveLength(1);
    await act(() => router.navigate(-1));
    await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    expect(router.state.location.pathname).toBe('/settings');

    fireEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/start'));
  });

  it('stops asking once the edits are undone', async () => {
    const router = renderPage();
    type('SEO', 'Jazz');
    type('SEO', '');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });
});
