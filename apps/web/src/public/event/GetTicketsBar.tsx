import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

import classes from './EventPage.module.css';

/**
 * On a phone the cover, the facts and the description come before the tickets: a bar at the bottom of
 * the screen leads to them from the first view, and steps aside once they are on screen. A plain link
 * to `#tickets`, so it works before any script has run (the page is rendered on the server).
 */
export function GetTicketsBar({ targetId }: { targetId: string }) {
  const { t } = useLingui();
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)), { threshold: 0 });
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId]);
  return (
    // A landmark of its own (the bar sits outside the page's main content, over its bottom edge).
    <nav
      className={classes.getTickets}
      data-hidden={inView || undefined}
      data-testid="get-tickets-bar"
      aria-label={t`Tickets`}
    >
      <a
        href={`#${targetId}`}
        className={classes.getTicketsLink}
        tabIndex={inView ? -1 : undefined}
        aria-hidden={inView || undefined}
        onClick={(e) => {
          const target = document.getElementById(targetId);
          if (!target) return;
          e.preventDefault();
          target.scrollIntoView({ block: 'start' });
          // The tickets heading takes focus, so a keyboard or screen-reader user continues from there.
          target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
        }}
      >
        <Trans>Get tickets</Trans>
      </a>
    </nav>
  );
}
