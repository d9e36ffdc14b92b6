import type { EventDto } from '@admitone/shared';
import type { ReactNode } from 'react';

import { SectionLoader } from '../../../components/FullPageLoader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRouteEvent } from '../hooks/useRouteEvent';

interface EventScreenProps {
  /** The page's title. */
  title: string;
  /** The screen, once the route's event has loaded. */
  children: (event: EventDto) => ReactNode;
}

/** A page of the event area: sets its title and waits for the route's event. */
export function EventScreen({ title, children }: EventScreenProps) {
  usePageTitle(title);
  const { event } = useRouteEvent();
  return event ? children(event) : <SectionLoader />;
}
