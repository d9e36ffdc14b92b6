import type { PublicEventDto } from '@admitone/shared';
import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';

import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { PlainErrorScreen } from '../components/PlainErrorScreen';
import { useLocation } from '../lib/history-navigation';
import { useFocusOnNavigation } from '../lib/use-focus-on-navigation';
import { EventPage } from './event/EventPage';
import { InitialEventContext } from './event/use-public-event';
import { adoptTokenFromHash, secretsInHash } from './lib/checkout-token';
import { matchRoute, type PublicRoute } from './router/match-route';
import { deepPages, DeepPageShell, findTicketsPages, UnsubscribePage, WaitlistEntryPage } from './shell/deep-pages';
import { PublicProviders } from './shell/PublicProviders';
import { WidgetPage } from './widget/WidgetPage';

const pageLoader = (
  <Center mih="100vh">
    <Loader />
  </Center>
);

function RouteView({ route }: { route: PublicRoute }) {
  switch (route.name) {
    case 'event':
      return <EventPage eventId={route.eventId} />;
    case 'widget':
      return <WidgetPage eventId={route.eventId} />;
    case 'not-found':
      return <PlainErrorScreen notFound />;
    case 'find-tickets':
    case 'found-orders':
      return (
        <Suspense fallback={pageLoader}>
          <DeepPageShell>
            {route.name === 'find-tickets' ? (
              <findTicketsPages.form eventId={route.eventId} />
            ) : (
              <findTicketsPages.found eventId={route.eventId} token={route.token} />
            )}
          </DeepPageShell>
        </Suspense>
      );
    case 'waitlist':
      return (
        <Suspense fallback={pageLoader}>
          <DeepPageShell>
            <WaitlistEntryPage eventId={route.eventId} token={route.token} />
          </DeepPageShell>
        </Suspense>
      );
    case 'unsubscribe':
      return (
        <Suspense fallback={pageLoader}>
          <DeepPageShell>
            <UnsubscribePage token={route.token} />
          </DeepPageShell>
        </Suspense>
      );
    default: {
      // A checkout opened from the widget brings its token and the order's secret in the address, a
      // buyer's e-mail link the secret: keep them before the page asks.
      if (route.name === 'checkout' || route.name === 'order-print') adoptTokenFromHash(route.eventId, route.shortId);
      const Page = deepPages[route.name === 'checkout' ? route.step : route.name];
      return (
        <Suspense fallback={pageLoader}>
          <DeepPageShell>
            <Page eventId={route.eventId} shortId={route.shortId} />
          </DeepPageShell>
        </Suspense>
      );
    }
  }
}

interface PublicAppProps {
  /** The server's event for the first page (null: it was not found); undefined: none given. */
  initialEvent?: PublicEventDto | null;
}

/** The buyer app: providers and the route for the current address. Rendered on the server too. */
export function PublicApp({ initialEvent }: PublicAppProps) {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  useFocusOnNavigation(pathname);
  useEffect(() => {
    // An order link followed while its page is open (only the fragment changes, so nothing reloads):
    // keep the secret it brings and open the order with it.
    const onHashChange = () => {
      const current = matchRoute(window.location.pathname);
      if (
        (current.name !== 'checkout' && current.name !== 'order-print') ||
        !secretsInHash(window.location.hash).secret
      )
        return;
      adoptTokenFromHash(current.eventId, current.shortId);
      window.location.reload();
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return (
    <PublicProviders>
      <InitialEventContext.Provider value={initialEvent === undefined ? null : { event: initialEvent }}>
        <PageErrorBoundary resetKey={pathname}>
          <RouteView route={route} />
        </PageErrorBoundary>
      </InitialEventContext.Provider>
    </PublicProviders>
  );
}
