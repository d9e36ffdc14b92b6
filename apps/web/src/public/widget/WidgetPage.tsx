import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import { Anchor, Box, Center, Loader, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

import { navigate, useLocation } from '../../lib/history-navigation';
import { EventColorScope } from '../components/EventColorScope';
import { Notice } from '../components/Notice';
import { CHOSEN_DATE_ID, DatesPanel } from '../dates/DatesPanel';
import { dateIdOf, promoCodeOf } from '../event/EventPage';
import { usePublicEvent } from '../event/use-public-event';
import { rememberAffiliate } from '../lib/affiliate';
import { checkoutDetailsPath } from '../router/match-route';
import { TicketSelector } from '../selector/TicketSelector';
import { parseWidgetParams, RESIZE_MESSAGE, widgetColors } from './widget-params';

/** The widget's address for a date (null: none), keeping every parameter of its own (colours, language, code). */
export function widgetDatePath(eventId: number, search: string, dateId: number | null): string {
  const params = new URLSearchParams(search);
  if (dateId === null) params.delete('date');
  else params.set('date', String(dateId));
  const query = params.toString();
  return `/widget/${eventId}${query ? `?${query}` : ''}`;
}

/** Tells the embedding page how tall the widget is, whenever that changes. */
function usePostHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || window.parent === window) return;
    const post = () =>
      window.parent.postMessage({ type: RESIZE_MESSAGE, height: Math.ceil(el.getBoundingClientRect().height) }, '*');
    post();
    const observer = new ResizeObserver(post);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return ref;
}

/** `/widget/:eventId`: only the ticket selection, for an iframe on the organizer's own site. */
export function WidgetPage({ eventId }: { eventId: number }) {
  const { t } = useLingui();
  const { search } = useLocation();
  const params = parseWidgetParams(search);
  const { state, reload, refreshing } = usePublicEvent(eventId, promoCodeOf(search), dateIdOf(search));
  const ref = usePostHeight();
  useEffect(() => void rememberAffiliate(eventId, search), [eventId, search]);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);

  let body;
  if (state.status === 'loading') {
    body = (
      <Center p="lg">
        <Loader role="progressbar" aria-label={t`Loading`} />
      </Center>
    );
  } else if (state.status !== 'ready') {
    body = <Notice>{state.status === 'not-found' ? t`Page not found` : t`Something went wrong`}</Notice>;
  } else {
    const event = state.event;
    body = (
      <EventColorScope colors={widgetColors(event.settings.colors, params)}>
        <Box p={params.padding}>
          <Stack gap="md">
            <VisuallyHidden>
              <Title order={1}>{event.title}</Title>
            </VisuallyHidden>
            <DatesPanel
              event={event}
              // A date stays inside the widget, with its styling parameters.
              hrefFor={(date) => widgetDatePath(event.id, search, date)}
              onNavigate={(href) => navigate(href, { replace: true })}
              refreshing={refreshing}
              focusId={CHOSEN_DATE_ID}
              headingLevel={2}
            >
              <TicketSelector
                key={event.dates.chosen?.id ?? 'none'}
                headingLevel={2}
                event={event}
                reload={reload}
                buttonText={params.buttonText}
                waitlistInNewTab
                onReserved={(result) => {
                  // The checkout opens in a new tab, whose storage may not be the iframe's: it brings both along.
                  const url = `${checkoutDetailsPath(event.id, result.data.short_id)}#token=${encodeURIComponent(result.checkout_token)}&secret=${encodeURIComponent(result.order_secret)}`;
                  const opened = window.open(url, '_blank');
                  if (!opened) setBlockedUrl(url);
                }}
              />
            </DatesPanel>
            {blockedUrl && (
              <Anchor href={blockedUrl} target="_blank" rel="noopener" fw={700}>
                <Trans>Your tickets are reserved. Continue to the checkout</Trans>
              </Anchor>
            )}
          </Stack>
        </Box>
      </EventColorScope>
    );
  }
  return (
    <main ref={ref} aria-label={t`Tickets`}>
      {body}
    </main>
  );
}
