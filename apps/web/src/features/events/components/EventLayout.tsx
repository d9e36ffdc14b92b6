import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Skeleton, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';

import { SideNav, SideNavLayout } from '../../../components/SideNav';
import { EVENT_SECTIONS } from '../event-sections';
import { useRouteEvent } from '../hooks/useRouteEvent';
import own from './EventLayout.module.css';

/** Event area: side navigation with the event's sections beside the current section. */
export function EventLayout() {
  const { t, i18n } = useLingui();
  const { event, loading } = useRouteEvent();
  const { eventId } = useParams();
  const base = `/manage/event/${eventId}`;
  const sections = EVENT_SECTIONS.map((s) => ({
    to: s.path ? `${base}/${s.path}` : base,
    label: i18n._(s.label),
    icon: s.icon,
    end: s.path === '',
  }));

  return (
    <SideNavLayout>
      <Anchor component={Link} to="/manage/events" size="sm" c="dimmed" className={own.back}>
        <IconArrowLeft size={14} aria-hidden />
        <Trans>All events</Trans>
      </Anchor>
      {loading || !event ? (
        <Skeleton h={20} w="80%" my="sm" />
      ) : (
        <Text fw={700} my="sm" lineClamp={2} title={event.title}>
          {event.title}
        </Text>
      )}
      <SideNav label={t`Event sections`} items={sections} disabled={!event} />
    </SideNavLayout>
  );
}
