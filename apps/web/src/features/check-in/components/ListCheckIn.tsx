import '@mantine/core/styles/Combobox.css';

import type { CheckInEventDto, CheckInListDto } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Select } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { attendeeKeys } from '../../attendees/api/attendees';
import { checkInListKeys, useCheckInLists } from '../../check-in-lists/api/check-in-lists';
import { useListName } from '../../check-in-lists/list-name';
import { usePermission } from '../../users/hooks/usePermission';
import { listEndpoints, useCheckInEvent } from '../api/check-in';
import type { CheckInSource } from '../check-in-source';
import { CheckIn } from './CheckIn';

type Event = Pick<CheckInEventDto, 'id' | 'title' | 'timezone'> & { date_count?: number };

/** A list that is not open: when it opens, or that it closed (scans are refused until / since). */
export function ListStateAlert({
  list,
  timeZone,
}: {
  list: Pick<CheckInListDto, 'state' | 'activates_at' | 'expires_at'>;
  timeZone: string;
}) {
  const { i18n } = useLingui();
  if (list.state === 'ACTIVE') return null;
  const opens = list.activates_at ? formatDateTime(list.activates_at, timeZone, i18n.locale) : '';
  const closed = list.expires_at ? formatDateTime(list.expires_at, timeZone, i18n.locale) : '';
  return (
    <Alert color="orange" variant="light" icon={<IconClock size={20} aria-hidden />} mb="md" data-testid="list-state">
      {list.state === 'NOT_YET_ACTIVE' ? (
        <Trans>This list opens at {opens}. Until then its tickets are refused here.</Trans>
      ) : (
        <Trans>This list closed at {closed}. Its tickets are refused here now.</Trans>
      )}
    </Alert>
  );
}

/**
 * The check-in screen of a signed-in organizer or door-staff member: on one of the event's check-in
 * lists, chosen above the count (kept in the address as `?list=`; the first list by default).
 */
export function ListCheckIn({ event, back }: { event: Event; back?: ReactNode }) {
  const { t } = useLingui();
  const lists = useCheckInLists(event.id);
  const nameOf = useListName();
  const managesOrders = usePermission('events.manage');
  // How many dates the event has (the check-in event's read; cached when the screen already read it).
  const checkInEvent = useCheckInEvent(event.id);
  const dateCount = checkInEvent.data?.date_count ?? event.date_count;
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('list'));
  const chosen = lists.data?.find((l) => l.id === wanted) ?? lists.data?.[0];
  const listId = chosen?.id;

  const source = useMemo<CheckInSource | null>(
    () =>
      listId === undefined
        ? null
        : {
            key: [...checkInListKeys.all(event.id), listId, 'check-in'],
            queueKey: `${event.id}.${listId}`,
            endpoints: listEndpoints(event.id, listId),
            managesOrders,
            // The same permission: admins and organizers, not door staff.
            admitsAnyway: managesOrders,
            searchesEmails: true,
            related: [attendeeKeys.all(event.id), checkInListKeys.all(event.id)],
          },
    [event.id, listId, managesOrders],
  );

  // With several dates the screen opens on one of them: it waits to know how many there are.
  if (lists.isPending || (dateCount === undefined && checkInEvent.isPending)) return <SectionLoader />;
  if (!lists.data || !chosen || !source) return <FormErrorAlert error={lists.error} />;

  const chooser =
    lists.data.length > 1 ? (
      <Select
        label={t`Check-in list`}
        description={t`Scans and the count are for this list only.`}
        data={lists.data.map((l) => ({ value: String(l.id), label: nameOf(l) }))}
        value={String(chosen.id)}
        onChange={(v) => {
          if (!v) return;
          setParams(
            (p) => {
              p.set('list', v);
              return p;
            },
            { replace: true },
          );
        }}
        allowDeselect={false}
        maw={420}
        mb="md"
        data-testid="check-in-list-chooser"
      />
    ) : null;

  return (
    <CheckIn
      key={chosen.id}
      event={{ ...event, date_count: dateCount }}
      source={source}
      back={back}
      above={
        <>
          {chooser}
          <ListStateAlert list={chosen} timeZone={event.timezone} />
        </>
      }
    />
  );
}
