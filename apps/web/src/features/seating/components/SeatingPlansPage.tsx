import '@mantine/core/styles/Skeleton.css';

import { formatNumber, type SeatingPlanDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconArmchair, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { DataTable } from '../../../components/DataTable';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSeatingPlans } from '../api/seating';
import { seatingPlanPath } from '../seating-paths';
import { useRouteOrganizer } from '../use-route-organizer';
import { BackLink } from './BackLink';
import { ImportPlanDialog, NewPlanDialog } from './PlanDialogs';

/** "Version 2", or "Not published", and whether the draft has changed since. */
export function PlanState({ plan }: { plan: SeatingPlanDto }) {
  const latest = plan.versions.at(-1)?.version;
  return (
    <Group gap="xs" wrap="nowrap">
      {latest ? (
        <Text size="sm">
          <Trans>Version {latest}</Trans>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Not published</Trans>
        </Text>
      )}
      {plan.unpublished_changes && latest ? (
        <Badge color="orange" variant="light" style={{ flex: 'none' }}>
          <Trans>Unpublished changes</Trans>
        </Badge>
      ) : null}
    </Group>
  );
}

function PlansTable({ organizerId, plans }: { organizerId: number; plans: SeatingPlanDto[] }) {
  const { t, i18n } = useLingui();
  const number = (n: number) => formatNumber(n, i18n.locale);
  const name = (plan: SeatingPlanDto) => (
    <Anchor component={Link} to={seatingPlanPath(organizerId, plan.id)} fw={600}>
      {plan.name}
    </Anchor>
  );
  return (
    <DataTable
      items={plans}
      label={t`Seating plans`}
      minWidth={680}
      rowTestId="seating-plan-row"
      columns={[
        { header: <Trans>Name</Trans>, cell: name },
        { header: <Trans>Seats</Trans>, cell: (p) => number(p.counts.seats) },
        { header: <Trans>Standing places</Trans>, cell: (p) => number(p.counts.standing) },
        { header: <Trans>Categories</Trans>, cell: (p) => number(p.counts.categories) },
        { header: <Trans>Published</Trans>, cell: (p) => <PlanState plan={p} /> },
      ]}
      card={(p) => {
        const seats = number(p.counts.seats);
        const standing = number(p.counts.standing);
        const categories = number(p.counts.categories);
        return (
          <Stack gap={4}>
            {name(p)}
            <Text size="sm" c="dimmed">
              <Trans>
                Seats: {seats} · Standing places: {standing} · Categories: {categories}
              </Trans>
            </Text>
            <PlanState plan={p} />
          </Stack>
        );
      }}
    />
  );
}

/** `/manage/organizer/:organizerId/seating-plans`: the organizer's seating plans, a new one, a pretix import. */
export function SeatingPlansPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { organizerId, organizer } = useRouteOrganizer();
  const plans = useSeatingPlans(organizerId);
  const [dialog, setDialog] = useState<'new' | 'import' | null>(null);
  usePageTitle(organizer ? `${t`Seating plans`} · ${organizer.name}` : t`Seating plans`);
  const close = () => setDialog(null);
  const open = (plan: { id: number }) => {
    setDialog(null);
    void navigate(seatingPlanPath(organizerId, plan.id));
  };
  const buttons = (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={18} aria-hidden />}
        onClick={() => setDialog('import')}
      >
        <Trans>Import a pretix file</Trans>
      </Button>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog('new')}>
        <Trans>New plan</Trans>
      </Button>
    </>
  );
  const organizerName = organizer?.name ?? '';

  return (
    <Container size="lg" py="xl">
      <BackLink to={`/manage/organizer/${organizerId}`}>
        {organizer ? organizerName : <Trans>Organizer</Trans>}
      </BackLink>
      <PageHeader
        title={<Trans>Seating plans</Trans>}
        description={
          <Trans>
            Drawings of your venues, seat by seat. Publish a plan to use the same version for several events.
          </Trans>
        }
        actions={plans.data?.length ? <Group gap="sm">{buttons}</Group> : null}
      />
      <ListBody
        queries={[plans]}
        empty={(list) =>
          !list.length && (
            <ListEmptyState
              icon={IconArmchair}
              title={t`No seating plans yet`}
              description={t`A seating plan is a drawing of a venue: its seats in rows and sections, each in a price category, standing areas and the stage. Make one here, or import one drawn with pretix's seating plan editor.`}
            >
              {buttons}
            </ListEmptyState>
          )
        }
      >
        {(list) => <PlansTable organizerId={organizerId} plans={list} />}
      </ListBody>
      <NewPlanDialog organizerId={organizerId} opened={dialog === 'new'} onClose={close} onDone={open} />
      <ImportPlanDialog organizerId={organizerId} opened={dialog === 'import'} onClose={close} onDone={open} />
    </Container>
  );
}
