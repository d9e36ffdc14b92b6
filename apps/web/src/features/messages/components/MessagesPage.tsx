import { type EventDto, LIMITS, type MessageDetailDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { EventScreen } from '../../events/components/EventScreen';
import { useTickets } from '../../tickets/api/tickets';
import { useMessages } from '../api/messages';
import { type ComposerPreset, MessageComposer } from './MessageComposer';
import { MessageDetail } from './MessageDetail';
import { MessagesTable } from './MessagesTable';

/** Says what happened after sending: a test to the sender, or a message to n people. */
export function useSentNotice() {
  const { t } = useLingui();
  return (m: MessageDetailDto) => {
    const subject = m.subject;
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

/** The composer in a dialog (also used by the orders screen through MessageBuyerButton). */
export function ComposerModal({
  eventId,
  opened,
  preset,
  onClose,
}: {
  eventId: number;
  opened: boolean;
  preset?: ComposerPreset;
  onClose: () => void;
}) {
  const notice = useSentNotice();
  return (
    <AppModal opened={opened} onClose={onClose} title={<Trans>New message</Trans>} size="lg">
      <MessageComposer
        eventId={eventId}
        preset={preset}
        onCancel={onClose}
        onDone={(m) => {
          notice(m);
          onClose();
        }}
      />
    </AppModal>
  );
}

function Messages({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const list = useMessages(event.id, { page, per_page: LIMITS.PER_PAGE_DEFAULT });
  const tickets = useTickets(event.id);
  const [composing, setComposing] = useState(false);
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
            timeZone={event.timezone}
            onOpen={(m) => setOpenId(m.id)}
          />
        )}
      </ListBody>
      <ComposerModal eventId={event.id} opened={composing} onClose={() => setComposing(false)} />
      <AppModal opened={openId !== null} onClose={() => setOpenId(null)} title={<Trans>Message</Trans>} size="lg">
        {openId !== null ? (
          <MessageDetail
            eventId={event.id}
            messageId={openId}
            timeZone={event.timezone}
            tickets={tickets.data}
            onDeleted={() => setOpenId(null)}
          />
        ) : null}
      </AppModal>
    </>
  );
}

/** `/manage/event/:eventId/messages` */
export function MessagesPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Messages`}>{(event) => <Messages event={event} />}</EventScreen>;
}
