import '@mantine/core/styles/EmptyState.css';
import type { EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, EmptyState, Stack } from '@mantine/core';
import { IconExternalLink, IconReceipt, IconSearchOff } from '@tabler/icons-react';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { ListPagination } from '../../../components/ListPagination';
import { PageHeader } from '../../../components/PageHeader';
import { useDrawerParam } from '../../../lib/use-drawer-param';
import { usePageTitle } from '../../../lib/use-page-title';
import { ExportMenu } from '../../exports/components/ExportMenu';
import { publicEventPath } from '../../events/event-stats';
import { useRouteEvent } from '../../events/hooks/useRouteEvent';
import { useTickets } from '../../tickets/api/tickets';
import { useOrders } from '../api/orders';
import { hasOrderFilter, toOrderListParams, useOrderListParams } from '../hooks/useOrderListParams';
import { OrderDrawer } from './OrderDrawer';
import { OrdersTable } from './OrdersTable';
import { OrdersToolbar } from './OrdersToolbar';

function Orders({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const { state, update } = useOrderListParams();
  const params = toOrderListParams(state);
  const list = useOrders(event.id, params);
  const tickets = useTickets(event.id);
  const drawer = useDrawerParam('order');
  const narrowed = hasOrderFilter(state) || state.query !== '';
  const rows = list.data?.data;
  const clear = () => update({ query: '', status: null, payment: null, tickets: [] });

  let body;
  if (list.isError) body = <FormErrorAlert error={list.error} />;
  else if (rows && !rows.length && !narrowed)
    body = (
      <Card withBorder radius="md" py="xl">
        <EmptyState icon={<IconReceipt size={28} aria-hidden />} variant="light" title={t`No orders yet`} description={t`Orders appear here as soon as people buy tickets on the event page.`}>
          <EmptyState.Actions>
            <Button component="a" href={publicEventPath(event)} target="_blank" rel="noopener" rightSection={<IconExternalLink size={16} aria-hidden />}>
              <Trans>Open the event page</Trans>
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  else if (rows && !rows.length)
    body = (
      <Card withBorder radius="md" py="xl">
        <EmptyState icon={<IconSearchOff size={28} aria-hidden />} variant="light" title={t`No orders match`} description={t`No order matches this search and these filters.`}>
          <EmptyState.Actions>
            <Button variant="default" onClick={clear}>
              <Trans>Clear search and filters</Trans>
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  else
    body = (
      <Stack gap="sm">
        <OrdersTable
          items={rows ?? null}
          timeZone={event.timezone}
          sort={state.sort}
          onSort={(sort) => update({ sort })}
          sortDisabled={hasOrderFilter(state)}
          onOpen={(o) => drawer.open(o.id)}
        />
        <ListPagination meta={list.data?.meta} onPage={(page) => update({ page })} />
      </Stack>
    );

  return (
    <>
      <PageHeader
        title={<Trans>Orders</Trans>}
        description={<Trans>Everything bought for this event, with payments and refunds.</Trans>}
        actions={rows?.length || narrowed ? <ExportMenu eventId={event.id} kind="orders" params={{ query: params.query, filter_fields: params.filter_fields }} /> : null}
      />
      {rows?.length || narrowed || list.isPending ? <OrdersToolbar state={state} onChange={update} tickets={tickets.data ?? []} /> : null}
      {body}
      <OrderDrawer event={event} orderId={drawer.id} onClose={drawer.close} />
    </>
  );
}

/** `/manage/event/:eventId/orders` */
export function OrdersPage() {
  const { t } = useLingui();
  usePageTitle(t`Orders`);
  const { event } = useRouteEvent();
  if (!event) return <SectionLoader />;
  return <Orders event={event} />;
}
