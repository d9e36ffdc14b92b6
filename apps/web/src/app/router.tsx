import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';

import { FullPageLoader } from '../components/FullPageLoader';
import { NotFound, RouteError } from '../components/RouteError';
import { RootRoute } from './RootRoute';

type PageModule = { default: ComponentType };

/** A lazily loaded page: its code is fetched when the route is first visited. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/**
 * The sign-in screens are an app of their own (src/sign-in/, served for every address under /auth):
 * going there from here loads its page. Nothing renders meanwhile.
 */
function loadSignInApp({ request }: { request: Request }): Promise<never> {
  const url = new URL(request.url);
  window.location.assign(url.pathname + url.search + url.hash);
  return new Promise<never>(() => {});
}

/** Gives a route (and its children) the error screen (SPEC §2: every route has one). */
function withErrors(route: RouteObject): RouteObject {
  const children = route.children?.map(withErrors);
  return { errorElement: <RouteError />, ...route, ...(children ? { children } : {}) } as RouteObject;
}

/** The route table of SPEC §2 (only the screens built so far). */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootRoute,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, lazy: page(() => import('./routes/HomeRoute')) },
      { path: 'auth/*', loader: loadSignInApp, Component: FullPageLoader },
      { path: 'welcome', lazy: page(() => import('./routes/WelcomeRoute')) },
      // A volunteer's check-in screen, opened by a list's staff link (no account, no sign-in).
      { path: 'check-in/:token', lazy: page(() => import('./routes/StaffLinkCheckInRoute')) },
      {
        // One logged-in shell (header, user menu) around /manage and /account, kept mounted between them.
        lazy: page(() => import('./routes/ManageLayoutRoute')),
        children: [
          {
            path: 'manage',
            children: [
              { path: 'events', lazy: page(() => import('./routes/EventsRoute')) },
              { path: 'check-in', lazy: page(() => import('./routes/CheckInEventsRoute')) },
              { path: 'check-in/:eventId', lazy: page(() => import('./routes/StaffCheckInRoute')) },
              { path: 'box-office/:eventId', lazy: page(() => import('./routes/BoxOfficeRoute')) },
              {
                path: 'event/:eventId',
                lazy: page(() => import('./routes/EventLayoutRoute')),
                children: [
                  { index: true, lazy: page(() => import('./routes/EventDashboardRoute')) },
                  { path: 'getting-started', lazy: page(() => import('./routes/GettingStartedRoute')) },
                  { path: 'settings', lazy: page(() => import('./routes/EventSettingsRoute')) },
                  { path: 'homepage-designer', lazy: page(() => import('./routes/HomepageDesignerRoute')) },
                  { path: 'dates', lazy: page(() => import('./routes/EventDatesRoute')) },
                  { path: 'tickets', lazy: page(() => import('./routes/EventTicketsRoute')) },
                  { path: 'capacity-assignments', lazy: page(() => import('./routes/EventCapacityRoute')) },
                  { path: 'seating', lazy: page(() => import('./routes/EventSeatingRoute')) },
                  { path: 'promo-codes', lazy: page(() => import('./routes/EventPromoCodesRoute')) },
                  { path: 'questions', lazy: page(() => import('./routes/EventQuestionsRoute')) },
                  { path: 'translations', lazy: page(() => import('./routes/EventTranslationsRoute')) },
                  { path: 'widget', lazy: page(() => import('./routes/EventWidgetRoute')) },
                  { path: 'orders', lazy: page(() => import('./routes/EventOrdersRoute')) },
                  { path: 'attendees', lazy: page(() => import('./routes/EventAttendeesRoute')) },
                  { path: 'waitlist', lazy: page(() => import('./routes/EventWaitlistRoute')) },
                  { path: 'check-in', lazy: page(() => import('./routes/EventCheckInRoute')) },
                  { path: 'box-office', lazy: page(() => import('./routes/EventBoxOfficeRoute')) },
                  { path: 'check-in-lists', lazy: page(() => import('./routes/EventCheckInListsRoute')) },
                  { path: 'messages', lazy: page(() => import('./routes/EventMessagesRoute')) },
                  { path: 'automations', lazy: page(() => import('./routes/EventAutomationsRoute')) },
                  { path: 'reports', lazy: page(() => import('./routes/EventReportsRoute')) },
                  { path: 'affiliates', lazy: page(() => import('./routes/EventAffiliatesRoute')) },
                ],
              },
              { path: 'organizer/:organizerId', lazy: page(() => import('./routes/OrganizerRoute')) },
              {
                path: 'organizer/:organizerId/seating-plans',
                lazy: page(() => import('./routes/OrganizerSeatingPlansRoute')),
              },
              {
                path: 'organizer/:organizerId/seating-plans/:planId',
                lazy: page(() => import('./routes/OrganizerSeatingPlanRoute')),
              },
              {
                path: 'organizer/:organizerId/seating-plans/:planId/edit',
                lazy: page(() => import('./routes/OrganizerSeatingPlanEditorRoute')),
              },
              { path: 'account', element: <Navigate to="/account/settings" replace /> },
              { path: 'profile', lazy: page(() => import('./routes/ProfileRoute')) },
              {
                path: 'profile/confirm-email-change/:token',
                lazy: page(() => import('./routes/ConfirmEmailChangeRoute')),
              },
              {
                path: 'profile/confirm-email-address/:token',
                lazy: page(() => import('./routes/ConfirmEmailAddressRoute')),
              },
            ],
          },
          {
            path: 'account',
            lazy: page(() => import('./routes/AccountLayoutRoute')),
            children: [
              { index: true, element: <Navigate to="/account/settings" replace /> },
              { path: 'settings', lazy: page(() => import('./routes/AccountSettingsRoute')) },
              { path: 'event-defaults', lazy: page(() => import('./routes/EventDefaultsRoute')) },
              { path: 'taxes-and-fees', lazy: page(() => import('./routes/TaxesAndFeesRoute')) },
              { path: 'payment', lazy: page(() => import('./routes/AccountPaymentRoute')) },
              { path: 'payment/mollie', lazy: page(() => import('./routes/AccountMollieReturnRoute')) },
              { path: 'users', lazy: page(() => import('./routes/AccountUsersRoute')) },
              { path: 'single-sign-on', lazy: page(() => import('./routes/AccountSingleSignOnRoute')) },
              { path: 'reports', lazy: page(() => import('./routes/AccountReportsRoute')) },
              { path: 'api-keys', lazy: page(() => import('./routes/AccountApiKeysRoute')) },
              { path: 'webhooks', lazy: page(() => import('./routes/AccountWebhooksRoute')) },
              { path: 'webhooks/:webhookId', lazy: page(() => import('./routes/AccountWebhookRoute')) },
              { path: 'audit-log', lazy: page(() => import('./routes/AccountAuditLogRoute')) },
            ],
          },
        ],
      },
      { path: '*', Component: NotFound },
    ],
  },
].map(withErrors);

export const router = createBrowserRouter(routes);
