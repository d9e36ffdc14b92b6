import type { EventDto, OrderSummaryDto, Paginated } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconExternalLink, IconReceipt } from '@tabler/icons-react';

import type { TableSorting } from '../../../components/DataTable';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState, NoMatches } from '../../../components/ListEmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useDrawerParam } from '../../../lib/use-drawer-param';
import { useEventDates } from '../../event-dates/api/event-dates';
import { EventScreen } from '../../events/components/EventScreen';
import { publicEventPath } from '../../events/event-stats';
import { ExportMenu } from '../../exports/components/ExportMenu';
import { useTickets } from '../../tickets/api/tickets';
import { useOrders } from '../api/orders';
import { hasOrderFilter, type OrderSort, toOrderListParams, useOrderListParams } from '../hooks/useOrderListParams';
import { OrderDrawer } from './OrderDrawer';
import { OrdersTable } from './OrdersTable';
import { OrdersToolbar } from './OrdersToolbar';

function Orders({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const { state, update } = useOrderListParams();
  const params = toOrderListParams(state);
  const list = useOrders(event.id, params);
  const tickets = useTickets(event.id);
  // With several dates, each order names its date and the list filters by one.
  const dates = useEventDates(event.id).data ?? [];
  const drawer = useDrawerParam('order');
  const narrowed = hasOrderFilter(state) || state.query !== '';
  const rows = list.data?.data;
  const clear = () => update({ query: '', status: null, payment: null, tickets: [], date: null });

  const sorting: TableSorting<OrderSort> = {
    sort: state.sort,
    onSort: (sort) => update({ sort }),
    disabled: hasOrderFilter(state),
  };
  const table = (page?: Paginated<OrderSummaryDto>) => (
    <OrdersTable
      page={page}
      onPage={(n) => update({ page: n })}
      timeZone={event.timezone}
      sorting={sorting}
      onOpen={(o) => drawer.open(o.id)}
      showDates={dates.length > 1}
    />
  );
  const none = (
    <ListEmptyState
      icon={IconReceipt}
      title={t`No orders yet`}
      description={t`Orders appear here as soon as people buy tickets on the event page.`}
    >
      <Button
        component="a"
        href={publicEventPath(event)}
        target="_blank"
        rel="noopener"
        rightSection={<IconExternalLink size={16} aria-hidden />}
      >
        <Trans>Open the event page</Trans>
      </Button>
    </ListEmptyState>
  );
  const noMatch = (
    <NoMatches
      title={t`No orders match`}
      description={t`No order matches this search and these filters.`}
      onClear={clear}
      clearLabel={<Trans>Clear search and filters</Trans>}
    />
  );

  return (
    <>
      <PageHeader
        title={<Trans>Orders</Trans>}
        description={<Trans>Everything bought for this event, with payments and refunds.</Trans>}
        actions={
          rows?.length || narrowed ? (
            <ExportMenu
              eventId={event.id}
              kind="orders"
              params={{ query: params.query, filter_fields: params.filter_fields }}
              also={{
                kind: 'invoices',
                csvLabel: <Trans>Invoices (CSV)</Trans>,
                xlsxLabel: <Trans>Invoices (Excel)</Trans>,
              }}
            />
          ) : null
        }
      />
      {rows?.length || narrowed || list.isPending ? (
        <OrdersToolbar
          state={state}
          onChange={update}
          tickets={tickets.data ?? []}
          dates={dates}
          timeZone={event.timezone}
        />
      ) : null}
      <ListBody queries={[list]} loader={table()} empty={(page) => !page.data.length && (narrowed ? noMatch : none)}>
        {table}
      </ListBody>
      <OrderDrawer event={event} orderId={drawer.id} onClose={drawer.close} showDates={dates.length > 1} />
    </>
  );
}

/** `/manage/event/:eventId/orders` */
export function OrdersPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Orders`}>{(event) => <Orders event={event} />}</EventScreen>;
}
