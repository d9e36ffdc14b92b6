/**
 * The sign-in screens (log in, sign up, reset a password, accept an invitation): a small app of their
 * own (apps/web/signin.html, src/sign-in/), the first page of most visits, without the organizer app's
 * router and screens. Every address under `/auth` is answered with its page (404 for one not listed).
 * The web test `sign-in/sign-in-routes.test.ts` fails when its screens and this list differ.
 */
export const SIGN_IN_ROUTES = [
  '/auth/login',
  '/auth/register',
  '/auth/confirm-sign-up/:token',
  '/auth/forgot-password',
  '/auth/reset-password/:token',
  '/auth/accept-invitation/:token',
  '/auth/sso/callback',
  '/auth/sso/:token',
] as const;

/** Whether a path (no query) belongs to the sign-in app: `/auth` and everything under it. */
export const isSignInPath = (pathname: string): boolean => pathname === '/auth' || pathname.startsWith('/auth/');

/**
 * Every screen of the organizer app (apps/web/src/app/router.tsx), as full path patterns (`:name` is one
 * path segment). The server answers these addresses with the app's page (200) and any other address
 * outside the API, the buyer pages and the sign-in screens with 404 and the same page, marked noindex
 * (its router shows its 404 screen; apps/api/src/modules/public-pages/page-fallback.ts); robots.txt keeps
 * crawlers out of the app's sections. The web test `app/router.test.ts` fails when the router's screens
 * and this list differ: a new screen adds its line here.
 */
export const ORGANIZER_APP_ROUTES = [
  '/',
  '/welcome',
  '/check-in/:token',
  '/manage/events',
  '/manage/check-in',
  '/manage/check-in/:eventId',
  '/manage/box-office/:eventId',
  '/manage/event/:eventId',
  '/manage/event/:eventId/getting-started',
  '/manage/event/:eventId/settings',
  '/manage/event/:eventId/homepage-designer',
  '/manage/event/:eventId/tickets',
  '/manage/event/:eventId/capacity-assignments',
  '/manage/event/:eventId/seating',
  '/manage/event/:eventId/dates',
  '/manage/event/:eventId/promo-codes',
  '/manage/event/:eventId/questions',
  '/manage/event/:eventId/translations',
  '/manage/event/:eventId/widget',
  '/manage/event/:eventId/orders',
  '/manage/event/:eventId/attendees',
  '/manage/event/:eventId/waitlist',
  '/manage/event/:eventId/check-in',
  '/manage/event/:eventId/box-office',
  '/manage/event/:eventId/check-in-lists',
  '/manage/event/:eventId/messages',
  '/manage/event/:eventId/automations',
  '/manage/event/:eventId/reports',
  '/manage/event/:eventId/affiliates',
  '/manage/organizer/:organizerId',
  '/manage/organizer/:organizerId/seating-plans',
  '/manage/organizer/:organizerId/seating-plans/:planId',
  '/manage/organizer/:organizerId/seating-plans/:planId/edit',
  '/manage/account',
  '/manage/profile',
  '/manage/profile/confirm-email-change/:token',
  '/manage/profile/confirm-email-address/:token',
  '/account',
  '/account/settings',
  '/account/event-defaults',
  '/account/taxes-and-fees',
  '/account/payment',
  '/account/payment/mollie',
  '/account/users',
  '/account/reports',
  '/account/api-keys',
  '/account/webhooks',
  '/account/webhooks/:webhookId',
  '/account/audit-log',
  '/account/single-sign-on',
] as const;

/**
 * The first path segments of the organizer app's and the sign-in screens (`auth`, `welcome`, `manage`, `account`, ...).
 */
export const ORGANIZER_APP_SECTIONS: readonly string[] = [
  ...new Set([...SIGN_IN_ROUTES, ...ORGANIZER_APP_ROUTES].map((r) => r.split('/')[1]!).filter(Boolean)),
];

const patternOf = (route: string) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\/$/, '')}/?$`);
const routePatterns = ORGANIZER_APP_ROUTES.map(patternOf);
const signInPatterns = SIGN_IN_ROUTES.map(patternOf);

/** Whether a path (no query) is a screen of the organizer app; a trailing slash is ignored. */
export const isOrganizerAppPath = (pathname: string): boolean =>
  routePatterns.some((pattern) => pattern.test(pathname));

/** Whether a path (no query) is one of the sign-in screens; a trailing slash is ignored. */
export const isSignInScreen = (pathname: string): boolean => signInPatterns.some((pattern) => pattern.test(pathname));
