import type { EventTranslationsDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { TranslationsPage } from './TranslationsPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

const translations: EventTranslationsDto = {
  locales: ['fr'],
  event: {
    original: {
      title: 'Summer concert',
      description: '<p>Doors open at <strong>7 pm</strong>.</p>',
      pre_checkout_message: null,
      post_checkout_message: null,
    },
    translations: { fr: { title: "Concert d'été" } },
  },
  tickets: [],
  categories: [],
  questions: [
    {
      id: 9,
      type: 'DROPDOWN',
      original: { title: 'T-shirt size', description: null, options: ['Small', 'Large'] },
      translations: { fr: { title: 'Taille', options: ['', 'Grande'] } },
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answerPut: () => Response = () => json(200, { data: { ...translations, locales: ['de', 'fr'] } })) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return answerPut();
    if (url === '/api/events/7/translations') return json(200, { data: translations });
    if (url === '/api/events/7') return json(200, { data: { id: 7, title: 'Summer concert' } });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/manage/event/:eventId/translations', Component: TranslationsPage }], {
    initialEntries: ['/manage/event/7/translations'],
  });
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  return { fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe('TranslationsPage', () => {
  it('opens the first language with texts, each field with its text as written', async () => {
    setup();
    const title = await screen.findByRole('textbox', { name: /^Event title/ });
    expect(title).toHaveProperty('value', "Concert d'été");
    expect(screen.getByRole('radio', { name: /Français \(has texts\)/ })).toHaveProperty('checked', true);
    expect(screen.getByText('As written: Summer concert')).toBeTruthy();
    expect(screen.getByText('As written: Doors open at 7 pm.')).toBeTruthy();
    expect(screen.getByText('This event has no tickets yet.')).toBeTruthy();
    const question = screen.getByRole('group', { name: 'T-shirt size' });
    expect(within(question).getByRole('textbox', { name: 'Option 1' })).toHaveProperty('placeholder', 'Small');
    expect(within(question).getByRole('textbox', { name: 'Option 2' })).toHaveProperty('value', 'Grande');
  });

  it('saves every text of the language in one call', async () => {
    const { fetchMock } = setup();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Event title/ }), { target: { value: 'Concert' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save texts in Français' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(url).toBe('/api/events/7/translations/fr');
    expect(JSON.parse(String(init?.body))).toEqual({
      event: { title: 'Concert', description: '', pre_checkout_message: '', post_checkout_message: '' },
      tickets: [],
      categories: [],
      questions: [{ id: 9, title: 'Taille', description: '', options: ['', 'Grande'] }],
    });
    expect(await screen.findByRole('radio', { name: /Deutsch \(has texts\)/ })).toBeTruthy();
  });

  it("puts the server's field errors on the fields", async () => {
    setup(() =>
      json(422, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the fields.',
          field_errors: { 'questions.0.options.1': ['Too long.'] },
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save texts in Français' }));
    expect(await screen.findByText('Too long.')).toBeTruthy();
  });

  it('asks before switching the language away from unsaved edits', async () => {
    setup();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Event title/ }), { target: { value: 'Concert' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Deutsch' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('textbox', { name: /^Event title/ })).toHaveProperty('value', 'Concert');
    fireEvent.click(screen.getByRole('radio', { name: 'Deutsch' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Switch without saving' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Event title/ })).toHaveProperty('value', ''));
    expect(screen.getByRole('radio', { name: 'Deutsch' })).toHaveProperty('checked', true);
  });
});
