import '../lib/zod-jitless';
import './shell/public-styles';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { PublicApp } from './PublicApp';
import { matchRoute } from './router/match-route';
import { activatePublicLocale, initialPublicLocale, readServerData } from './shell/public-i18n';
import { parseWidgetParams } from './widget/widget-params';

/**
 * The buyer app's entry (public.html). A server-rendered page (with `#admitone-data`) is hydrated
 * with the server's data, so it neither refetches nor flashes; otherwise it renders and fetches.
 */
async function boot() {
  const data = readServerData();
  const route = matchRoute(window.location.pathname);
  const lang = route.name === 'widget' ? parseWidgetParams(window.location.search).lang : null;
  await activatePublicLocale(initialPublicLocale(data?.locale, lang));

  // The server's event (null: not found) is the event page's own; other pages fetch what they need.
  const initialEvent = route.name === 'event' && data && 'event' in data ? (data.event ?? null) : undefined;
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <PublicApp initialEvent={initialEvent} />
    </StrictMode>
  );
  // Hydrated as a transition: React then works in slices and lets the browser answer in between (a
  // plain hydrateRoot renders the whole page in one task, which holds up a phone's first tap).
  if (data && root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void boot();
