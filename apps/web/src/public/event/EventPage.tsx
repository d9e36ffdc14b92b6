import type { PublicEventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';

import { PlainErrorScreen } from '../../components/PlainErrorScreen';
import { Link, navigate, useLocation } from '../../lib/history-navigation';
import { EventColorScope, eventContentClass } from '../components/EventColorScope';
import { Notice } from '../components/Notice';
import { OrganizerHtml } from '../components/OrganizerHtml';
import { PublicFooter } from '../components/PublicFooter';
import { DatesPanel } from '../dates/DatesPanel';
import { findTicketsPath } from '../find-tickets/find-tickets-api';
import { affiliateCodeOf, rememberAffiliate, withAffiliate } from '../lib/affiliate';
import { checkoutDetailsPath, eventPagePath } from '../router/match-route';
import { restoreSelection } from '../selector/selection';
import { TicketSelector } from '../selector/TicketSelector';
import { recoverTokenOf, useCheckoutRecovery } from './checkout-recovery';
import { EventFacts } from './EventFacts';
import classes from './EventPage.module.css';
import { GetTicketsBar } from './GetTicketsBar';
import { sendPageView } from './page-view';
import { PreviewBanner } from './PreviewBanner';
import { PromoCodeForm } from './PromoCodeForm';
import { ResumeOrderNotice } from './ResumeOrderNotice';
import { usePublicEvent } from './use-public-event';

/** The promo code in the address (`?promo_code=`), or null. */
export function promoCodeOf(search: string): string | null {
  return new URLSearchParams(search).get('promo_code')?.trim() || null;
}

/** The date in the address (`?date=`, a positive id), or null. */
export function dateIdOf(search: string): number | null {
  const value = new URLSearchParams(search).get('date')?.trim() ?? '';
  return /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;
}

/** The address with `preview=1` kept (a promo code tried in the preview stays in the preview). */
const withPreview = (path: string, preview: boolean) =>
  preview ? `${path}${path.includes('?') ? '&' : '?'}preview=1` : path;

/** `/event/:eventId/:slug` and `/e/...`: the public event page with its ticket selection. */
export function EventPage({ eventId }: { eventId: number }) {
  const { search } = useLocation();
  const promoCode = promoCodeOf(search);
  const dateId = dateIdOf(search);
  // `?preview=1`: the organizer's preview (their session decides; visitors get "not found" for a draft).
  const preview = new URLSearchParams(search).has('preview');
  const { state, reload, refreshing } = usePublicEvent(eventId, promoCode, dateId, preview);
  const { t } = useLingui();

  // A preview is not a visit.
  useEffect(() => (preview ? undefined : sendPageView(eventId)), [eventId, preview]);
  // The page is live (hydrated, its footer's language switcher too): a state tests and tools can wait for.
  useEffect(() => void (document.documentElement.dataset.hydrated = 'true'), []);
  useEffect(() => void rememberAffiliate(eventId, search), [eventId, search]);
  useEffect(() => {
    if (state.status === 'ready') document.title = state.event.settings.seo_title || state.event.title;
  }, [state]);

  if (state.status === 'not-found') return <PlainErrorScreen notFound />;
  if (state.status === 'error') return <PlainErrorScreen notFound={false} />;
  if (state.status === 'loading') {
    return (
      <Center mih="100vh" component="main">
        <Loader role="progressbar" aria-label={t`Loading`} />
      </Center>
    );
  }
  return (
    <EventPageContent event={state.event} reload={reload} refreshing={refreshing} preview={state.preview ?? null} />
  );
}

function EventPageContent({
  event,
  reload,
  refreshing,
  preview,
}: {
  event: PublicEventDto;
  reload: () => void;
  refreshing: boolean;
  preview: { live: boolean } | null;
}) {
  const cover = event.cover_image;
  const blurred = cover && event.settings.cover_display === 'BLURRED_BACKGROUND';
  const panel = `${classes.panel} ${eventContentClass}`;
  // An affiliate link (`?aff=`) stays in the address when a promo code is applied or removed.
  const { search } = useLocation();
  const affiliateCode = affiliateCodeOf(search);
  const dateId = dateIdOf(search);
  /** This page's address with a promo code and a date (`?aff=` and `?preview=1` kept). */
  const pagePath = (code: string | null, date: number | null) =>
    withPreview(withAffiliate(eventPagePath(event.id, event.slug, code, date), affiliateCode), Boolean(preview));
  // `?recover=`: the mail bringing back a buyer who left the checkout; their choices, made again on the chosen date.
  const recovery = useCheckoutRecovery(event.id, preview ? null : recoverTokenOf(search));
  const chosen = event.dates.chosen;
  const restored = useMemo(() => {
    if (recovery.status !== 'ready' || !chosen) return null;
    const { event_date_id, items } = recovery.recovery;
    return event_date_id === null || event_date_id === chosen.id ? restoreSelection(event, items) : null;
  }, [recovery, event, chosen]);

  return (
    <EventColorScope colors={event.settings.colors} fullPage>
      {preview && <PreviewBanner eventId={event.id} live={preview.live} />}
      <div className={classes.wrap}>
        {blurred && (
          <div className={classes.blur} style={{ backgroundImage: `url(${cover.variants.small})` }} aria-hidden />
        )}
        <Container size="lg" component="main" className={classes.inner}>
          {cover && (
            <img
              className={classes.cover}
              src={cover.variants.large}
              srcSet={`${cover.variants.small} 600w, ${cover.variants.large} 2160w`}
              sizes="(min-width: 1200px) 1140px, 100vw"
              alt=""
              width={2160}
              height={1080}
            />
          )}
          <div className={classes.grid}>
            <Stack gap="lg" className={panel} component="article">
              <Title order={1}>{event.title}</Title>
              <EventFacts event={event} />
              {event.description && (
                <section aria-labelledby="about-heading">
                  <Title order={2} size="h3" id="about-heading" mb="sm">
                    <Trans>About this event</Trans>
                  </Title>
                  <OrganizerHtml html={event.description} />
                </section>
              )}
            </Stack>
            <Stack
              gap="md"
              className={`${panel} ${classes.side}`}
              component="section"
              aria-labelledby="tickets-heading"
              id="tickets"
            >
              <Title order={2} size="h3" id="tickets-heading" tabIndex={-1}>
                <Trans>Tickets</Trans>
              </Title>
              {!preview && <ResumeOrderNotice eventId={event.id} />}
              {event.promo_invalid && (
                <Notice>
                  <Trans>That promo code is invalid</Trans>
                </Notice>
              )}
              {recovery.status === 'ready' && (
                <Notice tone="info">
                  <Trans>
                    Welcome back! Your earlier choices are selected again, if still available. Nothing was held for you:
                    continue to check out.
                  </Trans>
                  {restored?.missing && (
                    <>
                      {' '}
                      <Trans>Some of your earlier choices are no longer available.</Trans>
                    </>
                  )}
                  {restored?.seats && (
                    <>
                      {' '}
                      <Trans>Choose your seats again on the seating plan.</Trans>
                    </>
                  )}
                </Notice>
              )}
              {recovery.status === 'expired' && (
                <Notice tone="info">
                  <Trans>This link has expired: choose your tickets below.</Trans>
                </Notice>
              )}
              {event.settings.pre_checkout_message && (
                <OrganizerHtml html={event.settings.pre_checkout_message} small />
              )}
              <DatesPanel
                event={event}
                hrefFor={(date) => pagePath(promoCodeOf(search), date)}
                // Another date of the same page: the buyer stays where they are (no jump to the top).
                onNavigate={(href) => navigate(href, { replace: true })}
                refreshing={refreshing}
                focusId="tickets-heading"
                headingLevel={3}
              >
                <TicketSelector
                  // Another date has its own tickets and stock: its selection starts afresh (with a left checkout's
                  // choices once they are loaded, for their date).
                  key={`${chosen?.id ?? 'none'}${restored ? ':recovered' : ''}`}
                  initialSelection={restored?.selection}
                  event={event}
                  reload={reload}
                  preview={Boolean(preview)}
                  onReserved={(result) => navigate(checkoutDetailsPath(event.id, result.data.short_id))}
                />
              </DatesPanel>
              <PromoCodeForm
                event={event}
                // The same page with other prices: the buyer stays where they are (no jump to the top, no new history
                // entry), on the same date.
                onApply={(code) => navigate(pagePath(code, dateId), { replace: true })}
              />
              {!preview && (
                <Text size="sm">
                  <Trans>Already ordered?</Trans>{' '}
                  <Anchor component={Link} href={findTicketsPath(event.id)} underline="always">
                    <Trans>Find my tickets</Trans>
                  </Anchor>
                </Text>
              )}
            </Stack>
          </div>
        </Container>
      </div>
      <PublicFooter />
      <div className={classes.barSpace} aria-hidden />
      <GetTicketsBar targetId="tickets" />
    </EventColorScope>
  );
}
