import { ApiError, NETWORK_ERROR } from './api-error';
import { savedLocaleCookieString } from './locale';
import { leavePage } from './page-leave';

/** localStorage key of the bearer token. */
export const TOKEN_KEY = 'admitone.token';
/** localStorage key of the address to reopen after login. */
export const RETURN_TO_KEY = 'admitone.returnTo';
/** Where a user lands after login when no return address is saved. */
export const DEFAULT_AFTER_LOGIN = '/manage/events';
export const LOGIN_PATH = '/auth/login';

/** Fragments of paths where a 401/403 does not send the user to the login page (SPEC §8). */
export const PUBLIC_PATH_FRAGMENTS = [
  'auth',
  'accept-invitation',
  'register',
  'forgot-password',
  'account/payment',
  'checkout',
  '/event/',
  'print',
  '/order/',
  'widget',
  '/ticket/',
] as const;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The bearer token kept in localStorage. */
export const tokenStore = {
  get: (): string | null => storage()?.getItem(TOKEN_KEY) ?? null,
  set: (token: string): void => storage()?.setItem(TOKEN_KEY, token),
  clear: (): void => storage()?.removeItem(TOKEN_KEY),
};

/**
 * 403 codes about what the user must do first, or what this session may not do, not about who they are: the page
 * shows them (with a way forward, such as sending the confirmation mail again) instead of sending a logged-in user to
 * log in. A session opened by single sign-on may not change how its person signs in (SSO_SESSION_LIMITED).
 */
export const STAY_ON_PAGE_CODES: readonly string[] = [
  'EMAIL_NOT_CONFIRMED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'SSO_SESSION_LIMITED',
];

/**
 * Fired on the window when the account began requiring two-factor sign-in during this session: `RequireAuth` reads
 * `/users/me` again and shows the set-up instead of the page.
 */
export const TWO_FACTOR_REQUIRED_EVENT = 'admitone:two-factor-required';

/** True when a 401/403 on this path sends the user to the login page. `/manage/event/` always does. */
export function shouldRedirectToLogin(pathname: string): boolean {
  if (pathname.includes('/manage/event/')) return true;
  return !PUBLIC_PATH_FRAGMENTS.some((fragment) => pathname.includes(fragment));
}

/** Only same-origin paths may be reopened after login (no `//host` or absolute URLs). */
const isSafeReturnPath = (value: string): boolean =>
  value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');

/** Returns the saved return address (and forgets it), or the default page after login. */
export function consumeReturnTo(): string {
  const saved = storage()?.getItem(RETURN_TO_KEY) ?? null;
  storage()?.removeItem(RETURN_TO_KEY);
  return saved && isSafeReturnPath(saved) && !saved.startsWith(LOGIN_PATH) ? saved : DEFAULT_AFTER_LOGIN;
}

type LocaleGetter = () => string | undefined;
let getLocale: LocaleGetter = () => undefined;
/** Supplies the active interface language for the `Accept-Language` header. */
export function setLocaleGetter(fn: LocaleGetter): void {
  getLocale = fn;
}

/**
 * The session is over: forgets the token and the language mirrored for the buyer pages
 * (features/locale/saved-locale-cookie.ts).
 */
export function forgetSession(): void {
  tokenStore.clear();
  if (typeof document !== 'undefined') document.cookie = savedLocaleCookieString(null);
}

/** Saves the current address, forgets the session and opens the login page (the sign-in app: a page load). */
export function redirectToLogin(): void {
  const { pathname, search } = window.location;
  // The root only redirects onwards, so there is nothing worth returning to.
  if (pathname !== '/') storage()?.setItem(RETURN_TO_KEY, pathname + search);
  forgetSession();
  leavePage(() => window.location.assign(LOGIN_PATH));
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | Record<string, QueryValue>>;

/** Serialises list parameters; nested objects become `name[key]=value` (e.g. `filter_fields[status]`). */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  const add = (key: string, value: QueryValue) => {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) {
    if (value && typeof value === 'object') {
      for (const [sub, subValue] of Object.entries(value)) add(`${key}[${sub}]`, subValue);
    } else add(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** Set false for calls that handle a 401 themselves (e.g. the root page's "am I logged in?"). */
  redirectOnUnauthorized?: boolean;
}

/** Stores a new token when the answer carries one in its body or in `x-auth-token`. */
function refreshToken(response: Response, body: unknown): void {
  const header = response.headers.get('x-auth-token');
  if (header) tokenStore.set(header);
  if (body && typeof body === 'object' && 'token' in body) {
    const token = (body as { token: unknown }).token;
    if (typeof token === 'string' && token) tokenStore.set(token);
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Creates a JSON client for one API base. Only the authenticated client redirects on 401/403. */
export function createApiClient(base: string, { authenticated }: { authenticated: boolean }) {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const locale = getLocale();
    if (locale) headers['Accept-Language'] = locale;
    const token = tokenStore.get();
    if (token) headers.Authorization = `Bearer ${token}`;
    // A FormData body (file uploads) sets its own multipart boundary header.
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetch(`${base}${path}${toQueryString(options.query)}`, {
        method,
        headers,
        body:
          options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, NETWORK_ERROR, '');
    }

    const body = await readBody(response);
    refreshToken(response, body);
    if (response.ok) return body as T;

    const error = ApiError.fromBody(response.status, body);
    if (authenticated && error.code === 'TWO_FACTOR_SETUP_REQUIRED')
      window.dispatchEvent(new Event(TWO_FACTOR_REQUIRED_EVENT));
    if (
      authenticated &&
      (response.status === 401 || response.status === 403) &&
      !STAY_ON_PAGE_CODES.includes(error.code) &&
      options.redirectOnUnauthorized !== false &&
      shouldRedirectToLogin(window.location.pathname)
    ) {
      redirectToLogin();
    }
    throw error;
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The authenticated client (`/api`). */
export const api = createApiClient('/api', { authenticated: true });
/** The public client (`/api/public`): never redirects to the login page. */
export const publicApi = createApiClient('/api/public', { authenticated: false });
