import { type EventDto, LIMITS, type MessageDetailDto, type MessageSummaryDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { formatEventDateTime } from '../../../lib/format';
import { useLastValue } from '../../../lib/use-last-value';
import { useEvent } from '../../events/api/events';
import { EventScreen } from '../../events/components/EventScreen';
import { useTickets } from '../../tickets/api/tickets';
import { useMessage, useMessages } from '../api/messages';
import { CancelSendingDialog } from './CancelSendingDialog';
import { type ComposerPreset, MessageComposer } from './MessageComposer';
import { MessageDetail } from './MessageDetail';
import { MessagesTable } from './MessagesTable';
import { useFilterSummary } from './useFilterSummary';

/**
 * Says what happened after sending: a test to the sender, a message to n people, or a message scheduled for
 * a time (in the event's time zone).
 */
export function useSentNotice(timeZone: string | undefined) {
  const { t, i18n } = useLingui();
  return (m: MessageDetailDto) => {
    const subject = m.subject;
    if (m.status === 'SCHEDULED' && m.send_at && timeZone) {
      const when = formatEventDateTime(m.send_at, timeZone, i18n.locale);
      notifications.show({ color: 'teal', message: t`“${subject}” is scheduled for ${when}.` });
      return;
    }
    const people = m.recipient_count;
    const onItsWay = plural(people, {
      one: `“${subject}” is on its way to # recipient.`,
      other: `“${subject}” is on its way to # recipients.`,
    });
    // Some of it waits for room in the account's hourly mail limit: the message's page says until when.
    const gradually = m.paced_until ? ` ${t`It is sent gradually, within your account's hourly e-mail limit.`}` : '';
    notifications.show({
      color: 'teal',
      message: m.is_test ? t`Test of “${subject}” sent to you.` : `${onItsWay}${gradually}`,
    });
  };
}

/**
 * A scheduled message in the composer, to change it. It is loaded once: should it go or be cancelled
 * meanwhile, saving says so (MESSAGE_NOT_SCHEDULED) rather than the form vanishing under the typing.
 */
function ScheduledComposer({
  eventId,
  messageId,
  onDone,
  onCancel,
}: {
  eventId: number;
  messageId: number;
  onDone: (m: MessageDetailDto) => void;
  onCancel: () => void;
}) {
  const message = useMessage(eventId, messageId);
  const [loaded, setLoaded] = useState<MessageDetailDto | null>(null);
  if (!loaded && message.data) setLoaded(message.data);
  if (message.isError) return <FormErrorAlert error={message.error} />;
  if (!loaded) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (loaded.status !== 'SCHEDULED') {
    return (
      <Stack gap="md">
        <Alert color="blue" variant="light" role="status">
          <Trans>This message is no longer scheduled: it was sent or cancelled meanwhile.</Trans>
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  return <MessageComposer eventId={eventId} editing={loaded} onCancel={onCancel} onDone={onDone} />;
}

/**
 * The composer in a dialog (also used by the orders screen through MessageBuyerButton); with `editingId`,
 * a scheduled message to change.
 */
export function ComposerModal({
  eventId,
  opened,
  preset,
  editingId = null,
  onClose,
}: {
  eventId: number;
  opened: boolean;
  preset?: ComposerPreset;
  editingId?: number | null;
  onClose: () => void;
}) {
  const notice = useSentNotice(useEvent(eventId).data?.timezone);
  const done = (m: MessageDetailDto) => {
    notice(m);
    onClose();
  };
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={editingId === null ? <Trans>New message</Trans> : <Trans>Edit scheduled message</Trans>}
      size="lg"
    >
      {editingId === null ? (
        <MessageComposer eventId={eventId} preset={preset} onCancel={onClose} onDone={done} />
      ) : (
        <ScheduledComposer eventId={eventId} messageId={editingId} onCancel={onClose} onDone={done} />
      )}
    </AppModal>
  );
}

function Messages({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const list = useMessages(event.id, { page, per_page: LIMITS.PER_PAGE_DEFAULT });
  const tickets = useTickets(event.id);
  const filters = useFilterSummary(event.id, event.timezone);
  const [composing, setComposing] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  // The message being changed, kept while its dialog closes.
  const lastEditingId = useLastValue(editingId);
  const [cancelling, setCancelling] = useState<MessageSummaryDto | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const newButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setComposing(true)}>
      <Trans>New message</Trans>
    </Button>
  );
  const hasAny = Boolean(list.data?.data.length);
  const none = (
    <ListEmptyState
      icon={IconMail}
      title={t`No messages yet`}
      description={t`Tell attendees about a change of plan, or remind buyers what to bring.`}
    >
      {newButton}
    </ListEmptyState>
  );
  const edit = (m: Pick<MessageSummaryDto, 'id'>) => {
    setOpenId(null);
    setEditingId(m.id);
  };

  return (
    <>
      <PageHeader
        title={<Trans>Messages</Trans>}
        description={<Trans>E-mail attendees and buyers about the event and their orders.</Trans>}
        actions={hasAny ? newButton : null}
      />
      <ListBody queries={[list]} empty={(messages) => !messages.data.length && none}>
        {(messages) => (
          <MessagesTable
            page={messages}
            onPage={setPage}
            tickets={tickets.data}
            filters={filters}
            timeZone={event.timezone}
            onOpen={(m) => setOpenId(m.id)}
            onEdit={edit}
            onCancelSending={setCancelling}
          />
        )}
      </ListBody>
      <ComposerModal eventId={event.id} opened={composing} onClose={() => setComposing(false)} />
      <ComposerModal
        eventId={event.id}
        opened={editingId !== null}
        editingId={lastEditingId}
        onClose={() => setEditingId(null)}
      />
      <AppModal opened={openId !== null} onClose={() => setOpenId(null)} title={<Trans>Message</Trans>} size="lg">
        {openId !== null ? (
          <MessageDetail
            eventId={event.id}
            messageId={openId}
            timeZone={event.timezone}
            tickets={tickets.data}
            onDeleted={() => setOpenId(null)}
            onEdit={edit}
            onCancelSending={setCancelling}
          />
        ) : null}
      </AppModal>
      <CancelSendingDialog eventId={event.id} message={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

/** `/manage/event/:eventId/messages` */
export function MessagesPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Messages`}>{(event) => <Messages event={event} />}</EventScreen>;
}
