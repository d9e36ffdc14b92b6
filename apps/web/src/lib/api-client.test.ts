import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  api,
  consumeReturnTo,
  publicApi,
  RETURN_TO_KEY,
  setLocaleGetter,
  shouldRedirectToLogin,
  TOKEN_KEY,
  tokenStore,
  toQueryString,
} from './api-client';
import { ApiError } from './api-error';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

let fetchMock: ReturnType<typeof vi.fn>;
let navigate: ReturnType<typeof vi.fn<(to: string | URL) => void>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  // The login page is another app (the sign-in app): a page load.
  navigate = vi.fn<(to: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(navigate);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setLocaleGetter(() => undefined);
});

describe('token handling', () => {
  it('sends the stored token as a bearer token', async () => {
    tokenStore.set('abc');
    fetchMock.mockResolvedValue(json(200, { data: 1 }));
    await api.get('/events');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/events');
    expect((init as RequestInit).headers).toMatchObject({ Authorization: 'Bearer abc' });
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    fetchMock.mockResolvedValue(json(201, { data: 1 }));
    const form = new FormData();
    form.append('type', 'EVENT_COVER');
    await api.post('/events/1/images', form);
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('stores a token from the response body', async () => {
    fetchMock.mockResolvedValue(json(200, { token: 'from-body', user: {}, accounts: [] }));
    await api.post('/auth/login', { email: 'a@b.co', password: 'x' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('from-body');
  });

  it('keeps the token when the body carries token: null', async () => {
    tokenStore.set('old');
    fetchMock.mockResolvedValue(json(200, { token: null, user: {}, accounts: [] }));
    await api.post('/auth/login', {});
    expect(tokenStore.get()).toBe('old');
  });

  it('stores a token from the x-auth-token header', async () => {
    fetchMock.mockResolvedValue(json(200, { data: {} }, { 'x-auth-token': 'from-header' }));
    await api.get('/users/me');
    expect(tokenStore.get()).toBe('from-header');
  });

  it('sends the active locale as Accept-Language', async () => {
    setLocaleGetter(() => 'pt-BR');
    fetchMock.mockResolvedValue(json(200, {}));
    await publicApi.get('/events/1');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/public/events/1');
    expect((init as RequestInit).headers).toMatchObject({ 'Accept-Language': 'pt-BR' });
  });
});

describe('errors', () => {
  it('throws an ApiError with code, message and field errors', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        error: { code: 'VALIDATION_FAILED', message: 'Bitte prüfen', field_errors: { email: ['Ungültig'] } },
      }),
    );
    const error = await api.post('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'Bitte prüfen',
      fieldErrors: { email: ['Ungültig'] },
    });
  });

  it('answers 204 with undefined', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.post('/auth/logout')).resolves.toBeUndefined();
  });
});

describe('401/403 redirect to the login page', () => {
  const unauthorized = () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please log in' } });

  it('saves the address, clears the token and opens the login page', async () => {
    window.history.replaceState(null, '', '/manage/events?page=2');
    tokenStore.set('expired');
    fetchMock.mockResolvedValue(unauthorized());
    await expect(api.get('/events')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(RETURN_TO_KEY)).toBe('/manage/events?page=2');
    expect(tokenStore.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('also redirects on 403 inside /manage/event/ (although it contains /event/)', async () => {
    window.history.replaceState(null, '', '/manage/event/7');
    fetchMock.mockResolvedValue(json(403, { error: { code: 'FORBIDDEN', message: 'No' } }));
    await expect(api.get('/events/7')).rejects.toMatchObject({ status: 403 });
    expect(navigate).toHaveBeenCalledWith('/auth/login');
    expect(localStorage.getItem(RETURN_TO_KEY)).toBe('/manage/event/7');
  });

  it('does not redirect on 403 EMAIL_NOT_CONFIRMED: the page shows it, with a way to confirm', async () => {
    window.history.replaceState(null, '', '/manage/event/7/attendees');
    tokenStore.set('t');
    fetchMock.mockResolvedValue(json(403, { error: { code: 'EMAIL_NOT_CONFIRMED', message: 'Confirm first' } }));
    await expect(api.post('/events/7/attendees', {})).rejects.toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_CONFIRMED',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('t');
  });

  it('does not redirect on 403 SSO_SESSION_LIMITED: a session of single sign-on stays signed in', async () => {
    window.history.replaceState(null, '', '/manage/profile');
    tokenStore.set('t');
    fetchMock.mockResolvedValue(
      json(403, { error: { code: 'SSO_SESSION_LIMITED', message: 'Log in with your password' } }),
    );
    await expect(api.put('/users/me/password', {})).rejects.toMatchObject({
      status: 403,
      code: 'SSO_SESSION_LIMITED',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('t');
  });

  it('does not redirect on public paths', async () => {
    window.history.replaceState(null, '', '/auth/login');
    tokenStore.set('t');
    fetchMock.mockResolvedValue(json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Wrong' } }));
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ message: 'Wrong' });
    expect(navigate).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe('t');
  });

  it('does not redirect from the public client', async () => {
    window.history.replaceState(null, '', '/manage/events');
    fetchMock.mockResolvedValue(unauthorized());
    await expect(publicApi.get('/events')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not redirect when the call opts out', async () => {
    window.history.replaceState(null, '', '/manage/events');
    fetchMock.mockResolvedValue(unauthorized());
    await expect(api.get('/users/me', { redirectOnUnauthorized: false })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['/manage/events', true],
    ['/manage/event/12/settings', true],
    ['/welcome', true],
    ['/account/settings', true],
    ['/auth/login', false],
    ['/auth/accept-invitation/abc', false],
    ['/auth/register', false],
    ['/auth/forgot-password', false],
    ['/account/payment', false],
    ['/checkout/1/ABC/details', false],
    ['/event/1/my-event', false],
    ['/order/1/ABC/print', false],
    ['/widget/1', false],
    ['/ticket/1/XYZ', false],
  ])('on %s redirects: %s', (path, expected) => {
    expect(shouldRedirectToLogin(path)).toBe(expected);
  });
});

describe('return address', () => {
  it('opens the saved address once, then the event list', () => {
    localStorage.setItem(RETURN_TO_KEY, '/manage/event/3');
    expect(consumeReturnTo()).toBe('/manage/event/3');
    expect(consumeReturnTo()).toBe('/manage/events');
  });

  it('ignores addresses of other sites', () => {
    localStorage.setItem(RETURN_TO_KEY, '//evil.example/x');
    expect(consumeReturnTo()).toBe('/manage/events');
  });
});

describe('toQueryString', () => {
  it('serialises paging, sort and filter_fields[name]', () => {
    expect(
      toQueryString({
        page: 2,
        per_page: 20,
        query: 'jazz night',
        sort_by: undefined,
        filter_fields: { lifecycle: 'UPCOMING', status: undefined },
      }),
    ).toBe('?page=2&per_page=20&query=jazz+night&filter_fields%5Blifecycle%5D=UPCOMING');
    expect(toQueryString({})).toBe('');
  });
});
