import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Skeleton.css';

import { type EventDto, type EventSeatingDto, formatOrderDate, type SeatHoldDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Grid, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconBan, IconLock, IconPencil, IconPrinter, IconSelect, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { SettingsSection } from '../../../components/SettingsSection';
import { useEventDates } from '../../event-dates/api/event-dates';
import { useSeatingVersion } from '../api/event-seating';
import { useSeatHolds, useSeatPlaces } from '../api/seat-map';
import { HoldDialog, type HoldDialogState, ReleaseDialog } from './HoldDialogs';
import { buildSeatMap, type MapPlace, type SeatMapModel } from './map-model';
import { StateLegend, StateSwatch } from './PlanStates';
import { PrintView } from './PrintView';
import { useSeatWords } from './seat-words';
import { OrderLink, SeatList } from './SeatList';
import { SeatStateMap, type SelectMode } from './SeatStateMap';

type Plan = NonNullable<EventSeatingDto['plan']>;

/** The dates the map can show (not cancelled), and the one it opens on: the next to come, else the last. */
function useMapDates(event: EventDto) {
  const dates = useEventDates(event.id);
  const open = useMemo(() => (dates.data ?? []).filter((d) => d.status !== 'CANCELLED'), [dates.data]);
  const now = Date.now();
  const first = open.find((d) => Date.parse(d.end_date ?? d.start_date) >= now) ?? open.at(-1) ?? null;
  return { dates: open, first, isPending: dates.isPending };
}

/** What the clicked seat is, and who sits there (with the ticket code and the order, opened in the orders screen). */
function SeatDetails({ eventId, place }: { eventId: number; place: MapPlace | null }) {
  const words = useSeatWords();
  if (!place)
    return (
      <Text size="sm" c="dimmed">
        <Trans>Click a seat to see what it is and who sits there.</Trans>
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="seat-details">
      <Text fw={700}>{words.place(place.seat)}</Text>
      <Group gap={6}>
        <StateSwatch state={place.state} size={16} />
        <Text size="sm">{words.states[place.state]}</Text>
        {place.hold ? (
          <Badge variant="light" size="sm">
            {place.hold}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {place.category}
      </Text>
      {place.attendees.map((a) => (
        <Card key={a.id} withBorder padding="xs" radius="sm">
          <Text size="sm" fw={600}>
            {a.name || '—'}
          </Text>
          <Text size="sm">
            <Trans>Ticket code</Trans>:{' '}
            <Text span ff="monospace">
              {a.short_id}
            </Text>
          </Text>
          <Text size="sm">
            <Trans>Order</Trans>: <OrderLink eventId={eventId} orderId={a.order_id} number={a.order_number} />
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

interface HoldsListProps {
  holds: SeatHoldDto[];
  onShow: (hold: SeatHoldDto) => void;
  onEdit: (hold: SeatHoldDto) => void;
  onRelease: (hold: SeatHoldDto) => void;
}

/** The event's holds: each named, with its kind and seats, to show on the map, edit or release. */
function HoldsList({ holds, onShow, onEdit, onRelease }: HoldsListProps) {
  const { t } = useLingui();
  if (!holds.length)
    return (
      <Text size="sm" c="dimmed">
        <Trans>No seats are kept off sale. Choose seats on the map, then hold or kill them.</Trans>
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {holds.map((hold) => {
        const name = hold.name;
        const seats = plural(hold.seats.length, { one: '# seat', other: '# seats' });
        return (
          <Card key={hold.id} component="li" withBorder padding="xs" radius="sm" data-testid="seat-hold">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0}>
                <Group gap={6}>
                  <Text fw={600} size="sm">
                    {name}
                  </Text>
                  <Badge size="xs" variant="light" color={hold.kind === 'KILL' ? 'gray' : 'blue'}>
                    {hold.kind === 'KILL' ? t`Killed` : t`Held`}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {seats}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onShow(hold)}
                  aria-label={t`Show the seats of ${name}`}
                >
                  <IconSelect size={16} aria-hidden />
                </Button>
                <Button size="compact-xs" variant="subtle" onClick={() => onEdit(hold)} aria-label={t`Edit ${name}`}>
                  <IconPencil size={16} aria-hidden />
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => onRelease(hold)}
                  aria-label={t`Release ${name}`}
                >
                  <IconX size={16} aria-hidden />
                </Button>
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

interface MapPanelProps {
  event: EventDto;
  layout: Parameters<typeof SeatStateMap>[0]['layout'];
  model: SeatMapModel;
  holds: SeatHoldDto[];
  dateLabel: string | null;
}

/** The map with its counts, the chosen seats' actions, the clicked seat, the holds, the list and the print view. */
function MapPanel({ event, layout, model, holds, dateLabel }: MapPanelProps) {
  const { t } = useLingui();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [refused, setRefused] = useState<ReadonlySet<number>>(new Set());
  const [inspected, setInspected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<HoldDialogState>(null);
  const [releasing, setReleasing] = useState<SeatHoldDto | null>(null);
  const [printing, setPrinting] = useState(false);

  const onSelect = (ids: number[], mode: SelectMode) =>
    setSelected((now) => {
      if (mode === 'replace') return new Set(ids);
      const next = new Set(now);
      for (const id of ids) {
        if (mode === 'toggle' && next.has(id)) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  const chosen = [...selected].filter((id) => model.byId.has(id));
  const count = chosen.length;
  const place = inspected === null ? null : (model.byId.get(inspected) ?? null);

  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <SettingsSection
            title={<Trans>Seat map</Trans>}
            description={
              <Trans>
                Click a seat to choose it, shift-click to add more, or drag a box around several. Chosen seats can be
                held (House, Press, Sponsor) or killed.
              </Trans>
            }
          >
            <Stack gap="sm">
              <StateLegend counts={model.counts} label={t`Seats by state`} />
              <SeatStateMap
                layout={layout}
                model={model}
                selected={selected}
                refused={refused}
                onSelect={onSelect}
                onInspect={(p) => setInspected(p?.id ?? null)}
              />
              <Group justify="space-between" gap="sm" data-testid="seat-selection">
                <Text size="sm" fw={600} aria-live="polite">
                  {count ? plural(count, { one: '# seat chosen', other: '# seats chosen' }) : t`No seat chosen`}
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    leftSection={<IconLock size={16} aria-hidden />}
                    disabled={!count}
                    onClick={() => setDialog({ hold: null, kind: 'HOLD' })}
                  >
                    <Trans>Hold seats</Trans>
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconBan size={16} aria-hidden />}
                    disabled={!count}
                    onClick={() => setDialog({ hold: null, kind: 'KILL' })}
                  >
                    <Trans>Kill seats</Trans>
                  </Button>
                  <Button size="xs" variant="subtle" disabled={!count} onClick={() => setSelected(new Set())}>
                    <Trans>Clear choice</Trans>
                  </Button>
                </Group>
              </Group>
            </Stack>
          </SettingsSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <SettingsSection title={<Trans>Seat</Trans>}>
              <SeatDetails eventId={event.id} place={place} />
            </SettingsSection>
            <SettingsSection title={<Trans>Holds</Trans>}>
              <HoldsList
                holds={holds}
                onShow={(hold) => setSelected(new Set(hold.seats))}
                onEdit={(hold) => setDialog({ hold, kind: hold.kind })}
                onRelease={setReleasing}
              />
            </SettingsSection>
            <Button
              variant="default"
              leftSection={<IconPrinter size={18} aria-hidden />}
              onClick={() => setPrinting(true)}
            >
              <Trans>Print the seat map</Trans>
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
      <SettingsSection title={<Trans>Seat list</Trans>}>
        <SeatList eventId={event.id} model={model} />
      </SettingsSection>
      <HoldDialog
        state={dialog}
        eventId={event.id}
        chosen={chosen}
        onClose={() => setDialog(null)}
        onRefused={(ids) => setRefused(new Set(ids))}
        onSaved={() => {
          setDialog(null);
          setSelected(new Set());
          setRefused(new Set());
        }}
      />
      <ReleaseDialog eventId={event.id} hold={releasing} onClose={() => setReleasing(null)} />
      <PrintView
        opened={printing}
        onClose={() => setPrinting(false)}
        eventTitle={event.title}
        dateLabel={dateLabel}
        layout={layout}
        model={model}
      />
    </Stack>
  );
}

/** The "Seat map" tab of a seated event: a date, and the plan in its states on it, with the holds. */
export function SeatMapTab({ event, plan }: { event: EventDto; plan: Plan }) {
  const { t, i18n } = useLingui();
  const { dates, first, isPending } = useMapDates(event);
  const [dateId, setDateId] = useState<number | null>(null);
  const date = dates.find((d) => d.id === dateId) ?? first;
  const several = dates.length > 1;
  const version = useSeatingVersion(event.organizer.id, plan.id, plan.version);
  const places = useSeatPlaces(event.id, several ? (date?.id ?? null) : null, !isPending);
  const holds = useSeatHolds(event.id);
  const layout = version.data?.layout;
  const model = useMemo(
    () => (layout && places.data ? buildSeatMap(layout, places.data) : null),
    [layout, places.data],
  );
  const dateLabel = date && several ? formatOrderDate(date, event.timezone, i18n.locale) : null;

  return (
    <Stack gap="lg">
      {several ? (
        <Select
          label={t`Date`}
          data={dates.map((d) => ({ value: String(d.id), label: formatOrderDate(d, event.timezone, i18n.locale) }))}
          value={date ? String(date.id) : null}
          onChange={(v) => v && setDateId(Number(v))}
          allowDeselect={false}
          searchable
          limit={200}
          w={320}
        />
      ) : null}
      {version.error || places.error || holds.error ? (
        <FormErrorAlert error={version.error ?? places.error ?? holds.error} />
      ) : model && layout && holds.data ? (
        <MapPanel event={event} layout={layout} model={model} holds={holds.data} dateLabel={dateLabel} />
      ) : isPending ? (
        <SectionLoader />
      ) : (
        <Skeleton h={320} role="status" aria-label={t`Loading the seat map`} />
      )}
    </Stack>
  );
}
