import type { EventDto, ProductCategoryDto, TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCategoryPlus, IconPlus, IconTicket } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { DeleteDialog } from '../../../components/ConfirmDialog';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { moveBy, SortableList } from '../../../components/SortableList';
import { useCrudDialogs } from '../../../components/use-crud-dialogs';
import { errorMessage } from '../../../lib/validation';
import { EventScreen } from '../../events/components/EventScreen';
import { NoPaymentMethodAlert } from '../../events/components/NoPaymentMethodAlert';
import {
  useArrangeCategories,
  useCategories,
  useDeleteCategory,
  useDeleteTicket,
  usePaymentReadiness,
  useSaveTicket,
  useTickets,
} from '../api/tickets';
import { type ArrangedRow, arrangedRows, arrangementOf, moveCategory } from '../ticket-arrangement';
import { withHidden } from '../ticket-form';
import { CategoryForm } from './CategoryForm';
import { CategoryHeading, useCategoryName } from './CategoryHeading';
import { TicketDeleteDialog } from './TicketDeleteDialog';
import { TicketForm } from './TicketForm';
import { TicketRow } from './TicketRow';

function Tickets({ event }: { event: EventDto }) {
  const { t, i18n } = useLingui();
  const list = useTickets(event.id);
  const categories = useCategories(event.id);
  const readiness = usePaymentReadiness(event.id);
  const arrange = useArrangeCategories(event.id);
  const save = useSaveTicket(event.id);
  const crud = useCrudDialogs<TicketDto>({
    remove: useDeleteTicket(event.id),
    deletedNotice: ({ name }) => t`${name} deleted.`,
  });
  const categoryName = useCategoryName();
  const categoryCrud = useCrudDialogs<ProductCategoryDto>({
    remove: useDeleteCategory(event.id),
    deletedNotice: (c) => {
      const name = categoryName(c);
      return t`Category ${name} deleted.`;
    },
  });
  // The category a ticket created from a category's menu goes in.
  const [newIn, setNewIn] = useState<number | null>(null);

  const failed = (e: unknown) => notifications.show({ color: 'red', message: errorMessage(e, i18n) });
  const rearrange = (body: Parameters<typeof arrange.mutate>[0]) => arrange.mutate(body, { onError: failed });
  const toggleHidden = (ticket: TicketDto, onDone?: () => void) => {
    const name = ticket.name;
    save.mutate(
      { id: ticket.id, body: withHidden(ticket, !ticket.is_hidden, event.currency, event.timezone) },
      {
        onSuccess: () => {
          onDone?.();
          notifications.show({
            color: 'teal',
            message: ticket.is_hidden ? t`${name} is visible again.` : t`${name} is hidden.`,
          });
        },
        onError: failed,
      },
    );
  };
  const createIn = (categoryId: number | null) => {
    setNewIn(categoryId);
    crud.create();
  };
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => createIn(null)}>
      <Trans>Create ticket</Trans>
    </Button>
  );
  const addCategory = (
    <Button variant="default" leftSection={<IconCategoryPlus size={18} aria-hidden />} onClick={categoryCrud.create}>
      <Trans>Add category</Trans>
    </Button>
  );
  const renderRow = (rows: ArrangedRow[], all: ProductCategoryDto[]) => {
    const ids = rows.map((r) => r.id);
    return (row: ArrangedRow, handle: ReactNode) => {
      if (row.kind === 'category') {
        const c = row.category;
        const index = all.findIndex((x) => x.id === c.id);
        return (
          <CategoryHeading
            category={c}
            first={index === 0}
            last={index === all.length - 1}
            onEdit={() => categoryCrud.edit(c)}
            onMove={(step) => rearrange(moveCategory(all, c.id, step))}
            onDelete={() => categoryCrud.askDelete(c)}
          >
            <Menu.Item leftSection={<IconPlus size={16} aria-hidden />} onClick={() => createIn(c.id)}>
              <Trans>Create a ticket here</Trans>
            </Menu.Item>
          </CategoryHeading>
        );
      }
      const ticket = row.ticket;
      const at = ids.indexOf(ticket.id);
      return (
        <TicketRow
          ticket={ticket}
          currency={event.currency}
          timeZone={event.timezone}
          eventLive={event.status === 'LIVE'}
          handle={handle}
          first={at <= 1}
          last={at === ids.length - 1}
          onEdit={() => crud.edit(ticket)}
          onMove={(step) => rearrange(arrangementOf(moveBy(ids, ticket.id, step)))}
          onToggleHidden={() => toggleHidden(ticket)}
          onDelete={() => crud.askDelete(ticket)}
        />
      );
    };
  };
  /** The category a ticket would be in with the rows in this order (for screen readers while dragging). */
  const groupOf = (all: ProductCategoryDto[]) => (ids: number[], id: number) => {
    const heading = ids.slice(0, ids.indexOf(id)).findLast((x) => x < 0);
    const category = all.find((c) => c.id === (heading === undefined ? all[0]?.id : -heading));
    return category ? categoryName(category) : '';
  };
  const none = (
    <ListEmptyState
      icon={IconTicket}
      title={t`No tickets yet`}
      description={t`Create a free, paid, donation or tiered ticket to start selling.`}
    >
      {addButton}
    </ListEmptyState>
  );
  const hasTickets = !!list.data?.length;

  return (
    <>
      <PageHeader
        title={<Trans>Tickets</Trans>}
        description={<Trans>What people can buy, grouped in categories, in the order they see it.</Trans>}
        actions={
          hasTickets ? (
            <Group gap="sm">
              {addCategory}
              {addButton}
            </Group>
          ) : null
        }
      />
      {readiness.data?.blocked ? (
        <Box mb="md">
          <NoPaymentMethodAlert eventId={event.id} paidTickets={readiness.data.paid_tickets} />
        </Box>
      ) : null}
      <ListBody queries={[list, categories]} empty={(tickets) => !tickets.length && none}>
        {(tickets, all) => {
          const rows = arrangedRows(all, tickets);
          return (
            <SortableList
              items={rows}
              isFixed={(row) => row.kind === 'category'}
              labelOf={(row) => (row.kind === 'category' ? categoryName(row.category) : row.ticket.name)}
              groupOf={groupOf(all)}
              onReorder={(ids) => rearrange(arrangementOf(ids))}
              renderItem={renderRow(rows, all)}
            />
          );
        }}
      </ListBody>
      <AppModal
        {...crud.formDialog}
        // A product is called a product: "Edit product", not "Edit ticket".
        title={
          crud.isNew ? (
            <Trans>Create ticket</Trans>
          ) : crud.item?.product_type === 'GENERAL' ? (
            <Trans>Edit product</Trans>
          ) : (
            <Trans>Edit ticket</Trans>
          )
        }
        size="xl"
      >
        <TicketForm
          key={crud.item?.id ?? `new-${newIn}`}
          event={event}
          ticket={crud.item}
          categories={categories.data ?? []}
          categoryId={newIn}
          onDone={crud.close}
        />
      </AppModal>
      <TicketDeleteDialog
        ticket={crud.deleting}
        deleting={crud.deletePending}
        hiding={save.isPending}
        error={crud.deleteError}
        onDelete={crud.confirmDelete}
        onHide={() => crud.deleting && toggleHidden({ ...crud.deleting, is_hidden: false }, crud.closeDelete)}
        onClose={crud.closeDelete}
      />
      <AppModal
        {...categoryCrud.formDialog}
        title={categoryCrud.isNew ? <Trans>Add category</Trans> : <Trans>Edit category</Trans>}
      >
        <CategoryForm
          key={categoryCrud.item?.id ?? 'new'}
          eventId={event.id}
          category={categoryCrud.item}
          onDone={categoryCrud.close}
        />
      </AppModal>
      <DeleteDialog
        crud={categoryCrud}
        title={<Trans>Delete category</Trans>}
        message={
          <Trans>
            The category is removed from the event page. Only an empty category can be deleted: move its tickets first.
          </Trans>
        }
      />
    </>
  );
}

/** `/manage/event/:eventId/tickets` */
export function TicketsPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Tickets`}>{(event) => <Tickets event={event} />}</EventScreen>;
}
