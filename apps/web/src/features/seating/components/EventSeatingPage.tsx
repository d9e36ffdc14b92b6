import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Tabs.css';

import type { EventDto, EventSeatingDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArmchair,
  IconArrowUp,
  IconExternalLink,
  IconInfoCircle,
  IconMap,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { isApiError } from '../../../lib/api-error';
import { EventScreen } from '../../events/components/EventScreen';
import { useTickets } from '../../tickets/api/tickets';
import { useEventSeating, useMoveToLatestVersion, useSaveEventSeating, useSeatingVersion } from '../api/event-seating';
import { useSeatingPlans } from '../api/seating';
import { SeatMapTab } from '../seat-map/SeatMapTab';
import { seatingPlanPath, seatingPlansPath } from '../seating-paths';
import { EventSeatingCategories } from './EventSeatingCategories';
import { SeatingPlanView } from './SeatingPlanView';

/** No plan yet: what reserved seating is, and a choice of the organizer's published plans. */
function ChoosePlan({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const plans = useSeatingPlans(event.organizer.id);
  const save = useSaveEventSeating(event.id);
  const [planId, setPlanId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const published = (plans.data ?? []).filter((plan) => plan.versions.length);
  const options = published.map((plan) => {
    const name = plan.name;
    const version = plan.versions.at(-1)!.version;
    return { value: String(plan.id), label: t`${name} (version ${version})` };
  });
  const plansLink = seatingPlansPath(event.organizer.id);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!planId) {
      setError(t`Choose a seating plan.`);
      return;
    }
    setError(null);
    save.mutate(
      { plan_id: Number(planId), version: null, categories: [] },
      {
        onSuccess: (seating) => {
          const name = seating.plan?.name ?? '';
          notifications.show({ color: 'teal', message: t`This event is now seated by ${name}.` });
        },
        onError: (e) => {
          if (isApiError(e) && e.fieldErrors.plan_id?.length) setError(e.fieldErrors.plan_id.join(' '));
        },
      },
    );
  };
  const fieldFailure = isApiError(save.error) && save.error.fieldErrors.plan_id?.length;

  let actions;
  if (plans.isPending) actions = <Skeleton h={36} w={360} />;
  else if (plans.error) actions = <FormErrorAlert error={plans.error} />;
  else if (!published.length)
    actions = (
      <Stack gap="sm" align="center">
        <Text size="sm" c="dimmed" ta="center">
          <Trans>None of the organizer’s seating plans is published yet. Publish one to seat this event by it.</Trans>
        </Text>
        <Button component={Link} to={plansLink} leftSection={<IconArmchair size={18} aria-hidden />}>
          <Trans>Open seating plans</Trans>
        </Button>
      </Stack>
    );
  else
    actions = (
      <Stack gap="sm" align="center">
        {save.error && !fieldFailure ? <FormErrorAlert error={save.error} /> : null}
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm" justify="center">
            <Select
              label={t`Seating plan`}
              placeholder={t`Choose a plan`}
              data={options}
              value={planId}
              onChange={(value) => {
                setPlanId(value);
                setError(null);
              }}
              error={error}
              w={300}
            />
            <Button type="submit" loading={save.isPending} mt={25}>
              <Trans>Use this plan</Trans>
            </Button>
          </Group>
        </form>
        <Anchor component={Link} to={plansLink} size="sm">
          <Trans>Manage the organizer’s seating plans</Trans>
        </Anchor>
      </Stack>
    );

  return (
    <Card withBorder radius="md" py="xl">
      <EmptyState
        icon={<IconArmchair size={28} aria-hidden />}
        variant="light"
        title={t`No seating plan for this event`}
        description={t`With reserved seating, buyers choose their own seats on a plan of the venue. Choose a published plan of this event’s organizer, then the ticket each of its categories is sold as.`}
      >
        <EmptyState.Actions>{actions}</EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}

type Plan = NonNullable<EventSeatingDto['plan']>;

/** The pinned plan: its name and version, the way to its latest version, and taking it away. */
function PlanDetails({ event, seating, plan }: { event: EventDto; seating: EventSeatingDto; plan: Plan }) {
  const { t } = useLingui();
  const move = useMoveToLatestVersion(event.id, event.organizer.id);
  const save = useSaveEventSeating(event.id);
  const [removing, setRemoving] = useState(false);
  const { name, version, latest_version: latest } = plan;

  const onMove = () =>
    move.mutate(
      {
        planId: plan.id,
        latest,
        mappings: seating.categories
          .filter((c) => c.ticket_id)
          .map((c) => ({ category: c.category, ticket_id: c.ticket_id!, tier_id: c.tier_id })),
      },
      { onSuccess: () => notifications.show({ color: 'teal', message: t`Moved to version ${latest} of ${name}.` }) },
    );
  const onRemove = () =>
    save.mutate(
      { plan_id: null, version: null, categories: [] },
      {
        onSuccess: () => {
          setRemoving(false);
          notifications.show({ color: 'teal', message: t`${name} no longer seats this event.` });
        },
      },
    );

  return (
    <SettingsSection title={<Trans>Seating plan</Trans>}>
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={700} size="lg">
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>
              Version {version} of {latest}
            </Trans>
          </Text>
        </Stack>
        {version < latest ? (
          <Alert color="violet" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                <Trans>
                  A newer version of this plan is published. Moving to it keeps the tickets of the categories it still
                  has.
                </Trans>
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconArrowUp size={14} aria-hidden />}
                loading={move.isPending}
                onClick={onMove}
              >
                <Trans>Move to version {latest}</Trans>
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <FormErrorAlert error={move.error} />
        <Anchor
          component={Link}
          to={seatingPlanPath(event.organizer.id, plan.id)}
          size="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconExternalLink size={14} aria-hidden />
          <Trans>Open the plan</Trans>
        </Anchor>
        <Button
          variant="default"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setRemoving(true)}
          maw="100%"
          // The label wraps in a narrow column: in German it is wider than the section.
          styles={{
            root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
            label: { whiteSpace: 'normal', textAlign: 'start' },
          }}
        >
          <Trans>Remove the plan from this event</Trans>
        </Button>
      </Stack>
      <ConfirmDialog
        opened={removing}
        title={<Trans>Remove the seating plan</Trans>}
        message={
          <Trans>
            Remove {name} from this event? Its categories will no longer be sold as tickets. The plan stays among the
            organizer’s seating plans.
          </Trans>
        }
        confirmLabel={<Trans>Remove plan</Trans>}
        danger
        loading={save.isPending}
        error={save.error}
        onConfirm={onRemove}
        onClose={() => {
          save.reset();
          setRemoving(false);
        }}
      />
    </SettingsSection>
  );
}

/** An event seated by a plan: its details, the version's drawing, and its categories' tickets. */
function SeatedEvent({ event, seating, plan }: { event: EventDto; seating: EventSeatingDto; plan: Plan }) {
  const { t } = useLingui();
  const version = useSeatingVersion(event.organizer.id, plan.id, plan.version);
  const tickets = useTickets(event.id);
  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <SettingsSection title={<Trans>Preview</Trans>}>
            {version.data ? (
              <SeatingPlanView layout={version.data.layout} maxHeight="60vh" />
            ) : version.error ? (
              <FormErrorAlert error={version.error} />
            ) : (
              <Skeleton h={320} role="status" aria-label={t`Loading the plan`} />
            )}
          </SettingsSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PlanDetails event={event} seating={seating} plan={plan} />
        </Grid.Col>
      </Grid>
      <SettingsSection
        title={<Trans>Categories</Trans>}
        description={
          <Trans>
            Choose the ticket each category is sold as. Buyers of that ticket pick a seat of its category; a category
            left “Not sold” is not offered.
          </Trans>
        }
      >
        {tickets.data ? (
          <EventSeatingCategories
            key={`${plan.id}:${plan.version}`}
            eventId={event.id}
            planId={plan.id}
            version={plan.version}
            categories={seating.categories}
            tickets={tickets.data}
          />
        ) : tickets.error ? (
          <FormErrorAlert error={tickets.error} />
        ) : (
          <SectionLoader />
        )}
      </SettingsSection>
    </Stack>
  );
}

/** A seated event's two parts: the plan and its tickets, and the seat map on a date (`?tab=map`). */
function SeatedTabs({ event, seating, plan }: { event: EventDto; seating: EventSeatingDto; plan: Plan }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'map' ? 'map' : 'plan';
  const choose = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'map') next.set('tab', 'map');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
  return (
    <Tabs value={tab} onChange={choose} keepMounted={false} variant="outline">
      <Tabs.List aria-label={t`Seating`}>
        <Tabs.Tab value="plan" leftSection={<IconSettings size={16} aria-hidden />}>
          <Trans>Plan and tickets</Trans>
        </Tabs.Tab>
        <Tabs.Tab value="map" leftSection={<IconMap size={16} aria-hidden />}>
          <Trans>Seat map</Trans>
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="plan" pt="lg">
        <SeatedEvent event={event} seating={seating} plan={plan} />
      </Tabs.Panel>
      <Tabs.Panel value="map" pt="lg">
        <SeatMapTab event={event} plan={plan} />
      </Tabs.Panel>
    </Tabs>
  );
}

function Seating({ event }: { event: EventDto }) {
  const seating = useEventSeating(event.id);
  const plan = seating.data?.plan;
  return (
    <>
      <PageHeader
        title={<Trans>Seating</Trans>}
        description={<Trans>Reserved seating: buyers choose their seats on a plan of the venue.</Trans>}
      />
      {seating.data ? (
        plan ? (
          <SeatedTabs event={event} seating={seating.data} plan={plan} />
        ) : (
          <ChoosePlan event={event} />
        )
      ) : seating.error ? (
        <FormErrorAlert error={seating.error} />
      ) : (
        <SectionLoader />
      )}
    </>
  );
}

/** `/manage/event/:eventId/seating` */
export function EventSeatingPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Seating`}>{(event) => <Seating event={event} />}</EventScreen>;
}
