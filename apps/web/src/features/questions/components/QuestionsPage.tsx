import '@mantine/core/styles/Switch.css';

import type { EventDto, QuestionDto, QuestionScope, TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { DeleteDialog } from '../../../components/ConfirmDialog';
import { ListBody } from '../../../components/ListBody';
import { PageHeader } from '../../../components/PageHeader';
import { moveBy, SortableList } from '../../../components/SortableList';
import { useCrudDialogs } from '../../../components/use-crud-dialogs';
import { errorMessage } from '../../../lib/validation';
import { EventScreen } from '../../events/components/EventScreen';
import { useTickets } from '../../tickets/api/tickets';
import { type QuestionList, useDeleteQuestion, useQuestions, useSortQuestions } from '../api/questions';
import { mergeOrder } from '../order';
import { QuestionForm } from './QuestionForm';
import { DefaultQuestionRow, QuestionRow } from './QuestionRow';

interface GroupProps {
  scope: QuestionScope;
  list: QuestionList;
  showHidden: boolean;
  tickets: TicketDto[];
  onAdd: (scope: QuestionScope) => void;
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
            {scope === 'ATTENDEE' ? (
              <Trans>Asked once for each ticket.</Trans>
            ) : (
              <Trans>Asked once of the buyer, per order.</Trans>
            )}
          </Text>
        </Stack>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onAdd(scope)}>
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
  const [showHidden, setShowHidden] = useState(false);
  // The group a new question is added to; an edited one stays in its own.
  const [newScope, setNewScope] = useState<QuestionScope>('ATTENDEE');
  const crud = useCrudDialogs<QuestionDto>({
    remove: useDeleteQuestion(event.id),
    deletedNotice: ({ title }) => t`${title} deleted.`,
  });
  const deletingTitle = crud.shownDeleting?.title ?? '';

  const reorder = (ids: number[]) =>
    sort.mutate(ids, { onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, i18n) }) });
  const done = (saved?: QuestionDto) => {
    // SPEC §5: creating a hidden question while hidden questions are off switches that option on.
    if (saved?.is_hidden) setShowHidden(true);
    crud.close();
  };
  const add = (scope: QuestionScope) => {
    setNewScope(scope);
    crud.create();
  };

  return (
    <>
      <PageHeader
        title={<Trans>Questions</Trans>}
        description={<Trans>What buyers and attendees are asked at checkout.</Trans>}
      />
      <Switch
        label={t`Show hidden questions`}
        checked={showHidden}
        onChange={(e) => setShowHidden(e.currentTarget.checked)}
        mb="lg"
      />
      <ListBody queries={[list, tickets]}>
        {(questions, ticketList) => {
          const group = {
            list: questions,
            showHidden,
            tickets: ticketList,
            onAdd: add,
            onEdit: crud.edit,
            onDelete: crud.askDelete,
            onReorder: reorder,
          };
          return (
            <Stack gap="xl">
              {(['ATTENDEE', 'ORDER'] as const).map((scope) => (
                <QuestionGroup key={scope} scope={scope} {...group} />
              ))}
            </Stack>
          );
        }}
      </ListBody>
      <AppModal
        {...crud.formDialog}
        title={crud.isNew ? <Trans>Create question</Trans> : <Trans>Edit question</Trans>}
        size="lg"
      >
        <QuestionForm
          key={crud.item?.id ?? newScope}
          eventId={event.id}
          tickets={tickets.data ?? []}
          question={crud.item}
          scope={crud.item?.applies_to ?? newScope}
          onDone={done}
        />
      </AppModal>
      <DeleteDialog
        crud={crud}
        title={<Trans>Delete question</Trans>}
        message={<Trans>Delete "{deletingTitle}"? It will no longer be asked at checkout.</Trans>}
      />
    </>
  );
}

/** `/manage/event/:eventId/questions` */
export function QuestionsPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Questions`}>{(event) => <Questions event={event} />}</EventScreen>;
}
