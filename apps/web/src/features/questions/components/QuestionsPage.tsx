import '@mantine/core/styles/Switch.css';
import type { EventDto, QuestionDto, QuestionScope, TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { PageHeader } from '../../../components/PageHeader';
import { moveBy, SortableList } from '../../../components/SortableList';
import { useLastValue } from '../../../lib/use-last-value';
import { usePageTitle } from '../../../lib/use-page-title';
import { errorMessage } from '../../../lib/validation';
import { useRouteEvent } from '../../events/hooks/useRouteEvent';
import { useTickets } from '../../tickets/api/tickets';
import { useDeleteQuestion, useQuestions, useSortQuestions, type QuestionList } from '../api/questions';
import { mergeOrder } from '../order';
import { QuestionForm } from './QuestionForm';
import { DefaultQuestionRow, QuestionRow } from './QuestionRow';

type Editing = null | { scope: QuestionScope; question?: QuestionDto };

interface GroupProps {
  scope: QuestionScope;
  list: QuestionList;
  showHidden: boolean;
  tickets: TicketDto[];
  onAdd: () => void;
  onEdit: (q: QuestionDto) => void;
  onDelete: (q: QuestionDto) => void;
  onReorder: (allIds: number[]) => void;
}

function QuestionGroup({ scope, list, showHidden, tickets, onAdd, onEdit, onDelete, onReorder }: GroupProps) {
  const shown = list.data.filter((q) => q.applies_to === scope && (showHidden || !q.is_hidden));
  const allIds = list.data.map((q) => q.id);
  const shownIds = shown.map((q) => q.id);
  const reorder = (newOrder: number[]) => onReorder(mergeOrder(allIds, shownIds, newOrder));
  const headingId = `questions-${scope.toLowerCase()}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={2} fz="h3" id={headingId}>
            {scope === 'ATTENDEE' ? <Trans>Attendee questions</Trans> : <Trans>Order questions</Trans>}
          </Title>
          <Text size="sm" c="dimmed">
            {scope === 'ATTENDEE' ? <Trans>Asked once for each ticket.</Trans> : <Trans>Asked once of the buyer, per order.</Trans>}
          </Text>
        </Stack>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          {scope === 'ATTENDEE' ? <Trans>Add attendee question</Trans> : <Trans>Add order question</Trans>}
        </Button>
      </Group>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.defaults.map((d) => (
          <li key={d.key}>
            <DefaultQuestionRow question={d} />
          </li>
        ))}
      </Stack>
      {shown.length ? (
        <SortableList
          items={shown}
          labelOf={(q) => q.title}
          onReorder={reorder}
          renderItem={(q, handle) => (
            <QuestionRow
              question={q}
              tickets={tickets}
              handle={handle}
              first={shownIds[0] === q.id}
              last={shownIds.at(-1) === q.id}
              onEdit={() => onEdit(q)}
              onMove={(step) => reorder(moveBy(shownIds, q.id, step))}
              onDelete={() => onDelete(q)}
            />
          )}
        />
      ) : null}
    </Stack>
  );
}

function Questions({ event }: { event: EventDto }) {
  const { t, i18n } = useLingui();
  const list = useQuestions(event.id);
  const tickets = useTickets(event.id);
  const sort = useSortQuestions(event.id);
  const remove = useDeleteQuestion(event.id);
  const [showHidden, setShowHidden] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const shownEditing = useLastValue(editing);
  const [deleting, setDeleting] = useState<QuestionDto | null>(null);
  const deletingTitle = useLastValue(deleting)?.title ?? '';

  const reorder = (ids: number[]) => sort.mutate(ids, { onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, i18n) }) });
  const done = (saved?: QuestionDto) => {
    // SPEC §5: creating a hidden question while hidden questions are off switches that option on.
    if (saved?.is_hidden) setShowHidden(true);
    setEditing(null);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const title = deleting.title;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ color: 'teal', message: t`${title} deleted.` });
      },
    });
  };

  return (
    <>
      <PageHeader title={<Trans>Questions</Trans>} description={<Trans>What buyers and attendees are asked at checkout.</Trans>} />
      <Switch label={t`Show hidden questions`} checked={showHidden} onChange={(e) => setShowHidden(e.currentTarget.checked)} mb="lg" />
      {list.isPending || tickets.isPending ? (
        <SectionLoader />
      ) : list.isError || tickets.isError ? (
        <FormErrorAlert error={list.error ?? tickets.error} />
      ) : (
        <Stack gap="xl">
          {(['ATTENDEE', 'ORDER'] as const).map((scope) => (
            <QuestionGroup
              key={scope}
              scope={scope}
              list={list.data}
              showHidden={showHidden}
              tickets={tickets.data}
              onAdd={() => setEditing({ scope })}
              onEdit={(question) => setEditing({ scope, question })}
              onDelete={setDeleting}
              onReorder={reorder}
            />
          ))}
        </Stack>
      )}
      <AppModal opened={editing !== null} onClose={() => setEditing(null)} title={shownEditing?.question ? <Trans>Edit question</Trans> : <Trans>Create question</Trans>} size="lg">
        <QuestionForm
          key={editing?.question?.id ?? editing?.scope ?? 'none'}
          eventId={event.id}
          tickets={tickets.data ?? []}
          question={editing?.question}
          scope={editing?.scope ?? 'ATTENDEE'}
          onDone={done}
        />
      </AppModal>
      <ConfirmDialog
        opened={deleting !== null}
        title={<Trans>Delete question</Trans>}
        message={<Trans>Delete "{deletingTitle}"? It will no longer be asked at checkout.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        error={remove.error}
        onConfirm={confirmDelete}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </>
  );
}

/** `/manage/event/:eventId/questions` */
export function QuestionsPage() {
  const { t } = useLingui();
  usePageTitle(t`Questions`);
  const { event } = useRouteEvent();
  if (!event) return <SectionLoader />;
  return <Questions event={event} />;
}
