import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Skeleton.css';

import type { SeatingPlanDetailDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Card,
  Center,
  Container,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArmchair,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCircle,
  IconDeviceFloppy,
  IconHandStop,
  IconPointer,
  IconPresentation,
  IconRectangle,
  IconRocket,
  IconTable,
  IconTypography,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SettingsSection } from '../../../components/SettingsSection';
import { UnsavedBadge, UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { issueTranslator } from '../../../lib/validation';
import { usePublishSeatingPlan, useSaveSeatingPlan, useSeatingPlan } from '../api/seating';
import { BackLink } from '../components/BackLink';
import { PlanProblems } from '../components/PlanProblems';
import { usePlanLabel } from '../components/SeatingPlanView';
import { tallyLayout } from '../seating-layout';
import { seatingPlanPath } from '../seating-paths';
import { routeId, useRouteOrganizer } from '../use-route-organizer';
import { AddDialog, type AddKind } from './AddDialog';
import { type CanvasHandle, type CanvasTool, EditorCanvas } from './EditorCanvas';
import { deleteSelection, duplicateSelection } from './edits';
import { newId } from './ids';
import { Inspector } from './Inspector';
import { layoutProblems, problemFields } from './layout-checks';
import type { Point } from './layout-types';
import { CanvasPanel, CategoriesPanel } from './PlanPanels';
import { NOTHING, type PickMode, withIds } from './selection';
import { usePlanEditor } from './use-plan-editor';

const KEYS_HELP_ID = 'seating-editor-keys';
const SHOWN_PROBLEMS = 20;

/** Whether a key press belongs to a field (its own undo), not to the editor. */
const inField = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

function PlanEditor({ organizerId, plan }: { organizerId: number; plan: SeatingPlanDetailDto }) {
  const { t, i18n } = useLingui();
  const editor = usePlanEditor(useMemo(() => withIds(plan.layout, newId), [plan.layout]));
  const { layout, selection, setSelection, change, seal, undo, redo } = editor;
  const dirty = useUnsavedChanges(editor.dirty);
  const save = useSaveSeatingPlan(organizerId, plan.id);
  const publish = usePublishSeatingPlan(organizerId, plan.id);
  const canvas = useRef<CanvasHandle>(null);
  const [tool, setTool] = useState<CanvasTool>('select');
  const [pickMode, setPickMode] = useState<PickMode>('block');
  const [adding, setAdding] = useState<AddKind | null>(null);
  const [centre, setCentre] = useState<Point>({ x: 0, y: 0 });

  const onDuplicate = () => {
    let copies = NOTHING;
    change((l) => {
      const result = duplicateSelection(l, selection, newId);
      copies = result.selection;
      return result.layout;
    });
    setSelection(copies);
  };
  const duplicate = useRef(onDuplicate);
  useEffect(() => {
    duplicate.current = onDuplicate;
  });

  // Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo, Ctrl/Cmd+D duplicates, anywhere on the page but in a field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || inField(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else if (key === 'd' && !event.shiftKey && !event.altKey) duplicate.current();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const tally = useMemo(() => tallyLayout(layout), [layout]);
  const problems = useMemo(() => layoutProblems(layout), [layout]);
  const say = issueTranslator(i18n);
  // The first problems (a plan without categories has one per seat); the rest are counted.
  const localFields = problemFields(problems.slice(0, SHOWN_PROBLEMS), (key) => say({ key, values: {} }));
  const more = problems.length - SHOWN_PROBLEMS;
  const published = isApiError(publish.error) ? publish.error.fieldErrors : {};
  const refused = Object.keys(published).some((f) => f.startsWith('layout'));

  const label = usePlanLabel(tally);
  const name = plan.name;

  const onDelete = () => {
    change((l) => deleteSelection(l, selection));
    setSelection(NOTHING);
  };
  const saveLayout = async () => {
    const sent = layout;
    await save.mutateAsync({ name: plan.name, layout: sent });
    editor.markSaved(sent);
  };
  const onSave = () =>
    saveLayout().then(
      () => notifications.show({ color: 'teal', message: t`${name}: layout saved.` }),
      () => undefined,
    );
  const onPublish = async () => {
    try {
      if (editor.dirty) await saveLayout();
      const done = await publish.mutateAsync();
      const version = done.versions.at(-1)?.version ?? 1;
      notifications.show({ color: 'teal', message: t`${name}: version ${version} published.` });
    } catch {
      // Shown below: the save's error, or the publication's problems.
    }
  };
  const openAdd = (kind: AddKind) => {
    setCentre(canvas.current?.centre() ?? { x: layout.size.width / 2, y: layout.size.height / 2 });
    setAdding(kind);
  };

  const addButton = (kind: AddKind, icon: ReactNode, text: ReactNode) => (
    <Button variant="default" size="xs" leftSection={icon} onClick={() => openAdd(kind)}>
      {text}
    </Button>
  );

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="md" gap="md">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            <Trans>Layout of {name}</Trans>
          </Title>
          <Text size="sm" c="dimmed" data-testid="seating-editor-counts">
            {label}
          </Text>
        </Stack>
        <Group gap="xs">
          <UnsavedBadge dirty={dirty} />
          <ActionIcon variant="default" size="lg" aria-label={t`Undo`} disabled={!editor.canUndo} onClick={undo}>
            <IconArrowBackUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label={t`Redo`} disabled={!editor.canRedo} onClick={redo}>
            <IconArrowForwardUp size={18} aria-hidden />
          </ActionIcon>
          <Button
            variant="light"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            loading={save.isPending}
            disabled={!dirty}
            onClick={() => void onSave()}
          >
            <Trans>Save</Trans>
          </Button>
          <Button
            leftSection={<IconRocket size={18} aria-hidden />}
            loading={publish.isPending}
            disabled={!dirty && !plan.unpublished_changes}
            onClick={() => void onPublish()}
          >
            <Trans>Save and publish</Trans>
          </Button>
        </Group>
      </Group>
      <Stack gap="md">
        {save.error ? <FormErrorAlert error={save.error} /> : null}
        {refused ? (
          <PlanProblems
            title={<Trans>The plan could not be published. Please correct these first:</Trans>}
            fieldErrors={published}
            layout={layout}
          />
        ) : publish.error ? (
          <FormErrorAlert error={publish.error} />
        ) : null}
        <Paper withBorder radius="md" p="xs">
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              size="xs"
              aria-label={t`Tool`}
              value={tool}
              onChange={(v) => setTool(v as CanvasTool)}
              data={[
                {
                  value: 'select',
                  label: (
                    <Center style={{ gap: 6 }} px={4}>
                      <IconPointer size={14} aria-hidden />
                      <span>
                        <Trans>Select</Trans>
                      </span>
                    </Center>
                  ),
                },
                {
                  value: 'pan',
                  label: (
                    <Center style={{ gap: 6 }} px={4}>
                      <IconHandStop size={14} aria-hidden />
                      <span>
                        <Trans>Pan</Trans>
                      </span>
                    </Center>
                  ),
                },
              ]}
            />
            <SegmentedControl
              size="xs"
              aria-label={t`A click selects`}
              value={pickMode}
              onChange={(v) => setPickMode(v as PickMode)}
              data={[
                { value: 'block', label: t`Blocks` },
                { value: 'row', label: t`Rows` },
                { value: 'seat', label: t`Seats` },
              ]}
            />
            <Group gap={6} role="group" aria-label={t`Add`}>
              {addButton('block', <IconArmchair size={16} aria-hidden />, <Trans>Rows</Trans>)}
              {addButton('round', <IconCircle size={16} aria-hidden />, <Trans>Round tables</Trans>)}
              {addButton('long', <IconTable size={16} aria-hidden />, <Trans>Long tables</Trans>)}
              {addButton('standing', <IconRectangle size={16} aria-hidden />, <Trans>Standing area</Trans>)}
              {addButton('text', <IconTypography size={16} aria-hidden />, <Trans>Text</Trans>)}
              {addButton('stage', <IconPresentation size={16} aria-hidden />, <Trans>Stage</Trans>)}
            </Group>
          </Group>
        </Paper>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="xs">
              <EditorCanvas
                ref={canvas}
                layout={layout}
                selection={selection}
                pickMode={pickMode}
                tool={tool}
                onSelect={setSelection}
                onChange={change}
                onSeal={seal}
                onDelete={onDelete}
                label={label}
                describedBy={KEYS_HELP_ID}
              />
              <Text size="xs" c="dimmed" id={KEYS_HELP_ID}>
                <Trans>
                  On the plan: arrow keys move the selection (with Shift, farther) or, with nothing selected, the view;
                  N and Shift+N select the next or previous block, table or area; Ctrl+A selects everything; Delete
                  removes; + and − zoom, 0 fits; Escape clears the selection; Space and drag pans. Ctrl+Z undoes,
                  Ctrl+Shift+Z redoes.
                </Trans>{' '}
                <Trans>Ctrl+D duplicates the selection.</Trans>
              </Text>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="xs">
                <SettingsSection title={<Trans>Categories</Trans>}>
                  <CategoriesPanel layout={layout} change={change} seal={seal} />
                </SettingsSection>
                <SettingsSection
                  title={<Trans>Checks</Trans>}
                  description={<Trans>What publishing checks, as you draw.</Trans>}
                >
                  {problems.length ? (
                    <Stack gap="xs" data-testid="seating-editor-checks">
                      <PlanProblems
                        title={<Trans>Correct these before publishing:</Trans>}
                        fieldErrors={localFields}
                        layout={layout}
                      />
                      {more > 0 ? (
                        <Text size="sm" c="dimmed">
                          {plural(more, { one: 'And # more problem.', other: 'And # more problems.' })}
                        </Text>
                      ) : null}
                    </Stack>
                  ) : (
                    <Text size="sm" c="teal.9" data-testid="seating-editor-checks">
                      <Trans>No problems: the plan can be published.</Trans>
                    </Text>
                  )}
                </SettingsSection>
              </SimpleGrid>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <Card withBorder radius="md" padding="md" component="section" aria-label={t`Selection`}>
                <Inspector
                  layout={layout}
                  selection={selection}
                  change={change}
                  seal={seal}
                  onDelete={onDelete}
                  onDuplicate={onDuplicate}
                />
              </Card>
              <SettingsSection title={<Trans>Plan and background</Trans>}>
                <CanvasPanel organizerId={organizerId} layout={layout} change={change} seal={seal} />
              </SettingsSection>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <AddDialog
        kind={adding}
        layout={layout}
        centre={centre}
        onClose={() => setAdding(null)}
        onAdd={(add) => {
          let placed = NOTHING;
          change((l) => {
            const result = add(l);
            placed = result.selection;
            return result.layout;
          });
          setSelection(placed);
          setAdding(null);
        }}
      />
    </>
  );
}

/** `/manage/organizer/:organizerId/seating-plans/:planId/edit`: the plan's layout drawn and changed. */
export function SeatingEditorPage() {
  const { t } = useLingui();
  const { organizerId } = useRouteOrganizer();
  const planId = routeId(useParams().planId);
  const plan = useSeatingPlan(organizerId, planId);
  if (plan.isError && isApiError(plan.error) && plan.error.status === 404) throw plan.error;
  const name = plan.data?.name ?? '';
  usePageTitle(plan.data ? t`Layout of ${name}` : t`Seating plan`);

  return (
    <Container size="xl" py="lg">
      <BackLink to={seatingPlanPath(organizerId, planId)}>{plan.data ? name : <Trans>Seating plan</Trans>}</BackLink>
      {plan.data ? (
        <UnsavedChangesGuard>
          <PlanEditor key={plan.data.id} organizerId={organizerId} plan={plan.data} />
        </UnsavedChangesGuard>
      ) : plan.error ? (
        <FormErrorAlert error={plan.error} />
      ) : (
        <Stack gap="lg" role="status" aria-label={t`Loading seating plan`}>
          <Skeleton h={36} w="40%" />
          <Skeleton h={520} />
        </Stack>
      )}
    </Container>
  );
}
