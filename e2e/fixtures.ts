import { type APIRequestContext, type BrowserContext, expect, type Page, test as base } from '@playwright/test';

/**
 * The one way the flows log in and reach the seeded demo data. Specs that want a signed-in organizer
 * import `test` and `expect` from here and ask for `organizerPage`; flows about logging in itself use
 * `loginWithForm`.
 */

/** The demo login the seed creates (apps/api/src/seed). */
export const DEMO = { email: 'demo@admitone.test', password: 'admitone-demo' } as const;

export interface Credentials {
  email: string;
  password: string;
}

export interface ApiSession {
  token: string;
  /** For the organizer API: `{ authorization: 'Bearer <token>' }`. */
  headers: { authorization: string };
}

/** Logs in through the API (POST /api/auth/login): the bearer token and the headers that carry it. */
export async function apiLogin(request: APIRequestContext, creds: Credentials = DEMO): Promise<ApiSession> {
  const res = await request.post('/api/auth/login', { data: { email: creds.email, password: creds.password } });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()) as { token: string | null };
  // null: the login belongs to several accounts and must choose one (not the demo login's case).
  if (!token) throw new Error(`${creds.email} must choose an account: no token`);
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** The seeded "Riverside Open Air" event, found through the organizer API (as the demo login by default). */
export async function riverside(
  request: APIRequestContext,
  headers?: ApiSession['headers'],
): Promise<{ id: number; slug: string }> {
  const res = await request.get('/api/events?per_page=100', { headers: headers ?? (await apiLogin(request)).headers });
  expect(res.ok(), await res.text()).toBe(true);
  const event = ((await res.json()) as { data: Array<{ id: number; title: string; slug: string }> }).data.find(
    (e) => e.title === 'Riverside Open Air',
  );
  if (!event) throw new Error('the seed has no "Riverside Open Air"');
  return { id: event.id, slug: event.slug };
}

/** The seeded "Riverside Open Air" event's id. */
export async function riversideId(request: APIRequestContext, headers?: ApiSession['headers']): Promise<number> {
  return (await riverside(request, headers)).id;
}

/** localStorage key of the bearer token (apps/web/src/lib/api-client.ts TOKEN_KEY). */
const TOKEN_KEY = 'admitone.token';

/**
 * Signs the browser in with a token, as the login form leaves it: the token is put in localStorage
 * before any page script runs, on the first page the context (or page) opens on a web origin. Once
 * only: a flow that logs out stays logged out.
 */
export async function signInWithToken(target: BrowserContext | Page, token: string): Promise<void> {
  const once = `admitone.e2e-signed-in.${Math.random().toString(36).slice(2)}`;
  await target.addInitScript(
    ({ key, token, once }) => {
      if (window.top !== window || !location.protocol.startsWith('http')) return;
      try {
        if (localStorage.getItem(once)) return;
        localStorage.setItem(once, '1');
        localStorage.setItem(key, token);
      } catch {
        /* no storage on this page */
      }
    },
    { key: TOKEN_KEY, token, once },
  );
}

/**
 * Signs a page's browser in as `creds` (the demo login by default) without the login form: from its
 * next page load on. Answers the session, for API calls as the same login.
 */
export async function signInByApi(page: Page, creds: Credentials = DEMO): Promise<ApiSession> {
  const session = await apiLogin(page.request, creds);
  await signInWithToken(page.context(), session.token);
  return session;
}

/**
 * Logs in through the login page, as a person does: for the flows about logging in. Waits until the
 * browser lands on `landing` (the events list); `landing: null` only submits the form (a refused login,
 * the account chooser, a landing the flow checks itself).
 */
export async function loginWithForm(
  page: Page,
  creds: Credentials = DEMO,
  { landing = /\/manage\/events$/ }: { landing?: RegExp | null } = {},
): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(creds.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  if (landing) await expect(page).toHaveURL(landing);
}

export const test = base.extend<{
  /** The test's page, signed in as the demo login (no login form): it opens no page until the flow does. */
  organizerPage: Page;
}>({
  organizerPage: async ({ page }, use) => {
    await signInByApi(page);
    await use(page);
  },
});

export { expect };

/** The address of the server the running test's project uses (the lanes of playwright.config.ts have one each). */
export const appOrigin = (): string => new URL(base.info().project.use.baseURL!).origin;
