import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';

import { formatDateTime, formatNumber, type SeatingCountsDto, type SeatingPlanDetailDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEdit, IconRocket, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SettingsSection } from '../../../components/SettingsSection';
import { isApiError } from '../../../lib/api-error';
import { useFormError } from '../../../lib/form-submit';
import { browserTimeZone } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { errorMessage, useSchemaValidation } from '../../../lib/validation';
import {
  downloadSeatingPlan,
  type SeatingExportFormat,
  useDeleteSeatingPlan,
  usePublishSeatingPlan,
  useSaveSeatingPlan,
  useSeatingPlan,
} from '../api/seating';
import { planNameBody } from '../seating-layout';
import { seatingPlanEditorPath, seatingPlansPath } from '../seating-paths';
import { routeId, useRouteOrganizer } from '../use-route-organizer';
import { BackLink } from './BackLink';
import { PlanProblems } from './PlanProblems';
import { SeatingPlanView } from './SeatingPlanView';

function Counts({ counts }: { counts: SeatingCountsDto }) {
  const { i18n } = useLingui();
  const item = (label: ReactNode, value: number) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {formatNumber(value, i18n.locale)}
      </Text>
    </Stack>
  );
  return (
    <SimpleGrid cols={3} spacing="sm">
      {item(<Trans>Seats</Trans>, counts.seats)}
      {item(<Trans>Standing</Trans>, counts.standing)}
      {item(<Trans>Categories</Trans>, counts.categories)}
    </SimpleGrid>
  );
}

/** The plan's name, saved with its draft layout as it is. */
function NameForm({ organizerId, plan }: { organizerId: number; plan: SeatingPlanDetailDto }) {
  const { t } = useLingui();
  const save = useSaveSeatingPlan(organizerId, plan.id);
  const validate = useSchemaValidation<{ name: string }>(planNameBody);
  const form = useForm({ initialValues: { name: plan.name }, validate });
  const formError = useFormError(form.setErrors);
  const submit = ({ name }: { name: string }) =>
    save.mutate(
      { name, layout: plan.layout },
      formError.handle((saved) => {
        const savedName = saved.name;
        form.resetDirty({ name: saved.name });
        notifications.show({ color: 'teal', message: t`${savedName} saved.` });
      }),
    );
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <FormErrorAlert error={formError.error} />
        <TextInput label={t`Name`} required {...form.getInputProps('name')} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={save.isPending} disabled={!form.isDirty()}>
            <Trans>Save name</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A version's (or, without one, the draft's) two files: pretix's JSON and the seats as CSV. */
function DownloadButtons({ organizerId, planId, version }: { organizerId: number; planId: number; version?: number }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<SeatingExportFormat | null>(null);
  const download = (format: SeatingExportFormat) => {
    setBusy(format);
    downloadSeatingPlan(organizerId, planId, format, version, i18n.locale)
      .catch((e: unknown) => notifications.show({ color: 'red', message: errorMessage(e, i18n) }))
      .finally(() => setBusy(null));
  };
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={busy === 'pretix'}
        aria-label={version ? t`Download version ${version} as pretix JSON` : t`Download the draft as pretix JSON`}
        onClick={() => download('pretix')}
      >
        <Trans>pretix JSON</Trans>
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={busy === 'csv'}
        aria-label={version ? t`Download the seats of version ${version} as CSV` : t`Download the draft's seats as CSV`}
        onClick={() => download('csv')}
      >
        <Trans>CSV</Trans>
      </Button>
    </Group>
  );
}

/** The draft and each published version: when, what it holds, its files. */
function Versions({ organizerId, plan }: { organizerId: number; plan: SeatingPlanDetailDto }) {
  const { t, i18n } = useLingui();
  const timeZone = browserTimeZone();
  const n = (value: number) => formatNumber(value, i18n.locale);
  const versions = [...plan.versions].reverse();
  const latest = plan.versions.at(-1)?.version;
  const row = (key: string, name: ReactNode, when: ReactNode, counts: SeatingCountsDto, v?: number) => {
    return (
      <Table.Tr key={key} data-testid="seating-version-row">
        <Table.Td>{name}</Table.Td>
        <Table.Td>{when}</Table.Td>
        <Table.Td>{n(counts.seats)}</Table.Td>
        <Table.Td>{n(counts.standing)}</Table.Td>
        <Table.Td>{n(counts.categories)}</Table.Td>
        <Table.Td>
          <DownloadButtons organizerId={organizerId} planId={plan.id} version={v} />
        </Table.Td>
      </Table.Tr>
    );
  };
  return (
    <Stack gap="sm">
      {!plan.versions.length ? (
        <Text size="sm" c="dimmed">
          <Trans>Not published yet. Publishing checks the draft and keeps it as version 1, which never changes.</Trans>
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" aria-label={t`Versions`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Version</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Published</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Seats</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Standing</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Categories</Trans>
              </Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>
                <Trans>Download</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row(
              'draft',
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={600}>
                  <Trans>Draft</Trans>
                </Text>
                {plan.unpublished_changes && plan.versions.length ? (
                  <Badge color="orange" variant="light">
                    <Trans>Unpublished changes</Trans>
                  </Badge>
                ) : null}
              </Group>,
              <Text size="sm" c="dimmed">
                {latest && !plan.unpublished_changes ? (
                  <Trans>Same as version {latest}</Trans>
                ) : (
                  <Trans>Not published</Trans>
                )}
              </Text>,
              plan.counts,
            )}
            {versions.map((version) => {
              const number = version.version;
              return row(
                String(number),
                <Text size="sm" fw={600}>
                  <Trans>Version {number}</Trans>
                </Text>,
                <Text size="sm">{formatDateTime(version.published_at, timeZone, i18n.locale)}</Text>,
                version.counts,
                number,
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Plan({ organizerId, plan }: { organizerId: number; plan: SeatingPlanDetailDto }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const publish = usePublishSeatingPlan(organizerId, plan.id);
  const remove = useDeleteSeatingPlan(organizerId);
  const [deleting, setDeleting] = useState(false);
  const name = plan.name;
  const latest = plan.versions.at(-1)?.version;
  const problems = isApiError(publish.error) ? publish.error.fieldErrors : {};
  const hasProblems = Object.keys(problems).some((f) => f.startsWith('layout'));

  const onPublish = () =>
    publish.mutate(undefined, {
      onSuccess: (published) => {
        const version = published.versions.at(-1)?.version ?? 1;
        notifications.show({ color: 'teal', message: t`${name}: version ${version} published.` });
      },
    });
  const onDelete = () =>
    remove.mutate(plan.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t`${name} deleted.` });
        void navigate(seatingPlansPath(organizerId));
      },
    });

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {plan.name}
          </Title>
          <Group gap="xs">
            {latest ? (
              <Badge color="violet" variant="light">
                <Trans>Published: version {latest}</Trans>
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                <Trans>Not published</Trans>
              </Badge>
            )}
            {plan.unpublished_changes && latest ? (
              <Badge color="orange" variant="light">
                <Trans>Unpublished changes</Trans>
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => setDeleting(true)}
          >
            <Trans>Delete</Trans>
          </Button>
          <Button
            component={Link}
            to={seatingPlanEditorPath(organizerId, plan.id)}
            variant="light"
            leftSection={<IconEdit size={18} aria-hidden />}
          >
            <Trans>Edit layout</Trans>
          </Button>
          <Button
            leftSection={<IconRocket size={18} aria-hidden />}
            loading={publish.isPending}
            disabled={!plan.unpublished_changes}
            onClick={onPublish}
          >
            {latest ? <Trans>Publish version {latest + 1}</Trans> : <Trans>Publish</Trans>}
          </Button>
        </Group>
      </Group>
      <Stack gap="lg">
        {hasProblems ? (
          <PlanProblems
            title={<Trans>The plan could not be published. Please correct these first:</Trans>}
            fieldErrors={problems}
            layout={plan.layout}
          />
        ) : publish.error ? (
          <FormErrorAlert error={publish.error} />
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <SettingsSection
              title={<Trans>Preview</Trans>}
              description={<Trans>The draft as buyers will see it, once published and chosen for an event.</Trans>}
            >
              <SeatingPlanView layout={plan.layout} maxHeight="70vh" />
            </SettingsSection>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <SettingsSection title={<Trans>Details</Trans>}>
                <Stack gap="lg">
                  <NameForm key={plan.updated_at} organizerId={organizerId} plan={plan} />
                  <Counts counts={plan.counts} />
                </Stack>
              </SettingsSection>
            </Stack>
          </Grid.Col>
        </Grid>
        <SettingsSection
          title={<Trans>Versions</Trans>}
          description={
            <Trans>
              Each publication is kept as a version that never changes; the draft can change meanwhile. Download any of
              them for pretix or as a list of seats.
            </Trans>
          }
        >
          <Versions organizerId={organizerId} plan={plan} />
        </SettingsSection>
      </Stack>
      <ConfirmDialog
        opened={deleting}
        title={<Trans>Delete seating plan</Trans>}
        message={<Trans>Delete {name} with its draft and all its versions? This cannot be undone.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        error={remove.error}
        onConfirm={onDelete}
        onClose={() => {
          remove.reset();
          setDeleting(false);
        }}
      />
    </>
  );
}

/** `/manage/organizer/:organizerId/seating-plans/:planId`: a plan's preview, name, versions and their files. */
export function SeatingPlanPage() {
  const { t } = useLingui();
  const { organizerId } = useRouteOrganizer();
  const planId = routeId(useParams().planId);
  const plan = useSeatingPlan(organizerId, planId);
  if (plan.isError && isApiError(plan.error) && plan.error.status === 404) throw plan.error;
  usePageTitle(plan.data?.name ?? t`Seating plan`);

  return (
    <Container size="lg" py="xl">
      <BackLink to={seatingPlansPath(organizerId)}>
        <Trans>Seating plans</Trans>
      </BackLink>
      {plan.data ? (
        <Plan organizerId={organizerId} plan={plan.data} />
      ) : plan.error ? (
        <FormErrorAlert error={plan.error} />
      ) : (
        <Stack gap="lg" role="status" aria-label={t`Loading seating plan`}>
          <Skeleton h={36} w="40%" />
          <Skeleton h={420} />
        </Stack>
      )}
    </Container>
  );
}
