import '@mantine/core/styles/Combobox.css';

import { type BoxOfficeSaleDto, type BoxOfficeShiftDto, formatMoney, formatOrderDate } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Card, Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCashRegister, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBoxOffice } from '../api/box-office';
import { pendingCash } from '../offline-store';
import { useDeviceStock } from '../use-device-stock';
import { AllocationCard } from './AllocationCard';
import { CloseShiftDialog } from './CloseShiftDialog';
import { OpenShiftCard } from './OpenShiftCard';
import { PendingSales } from './PendingSales';
import { ReceiptCard } from './ReceiptCard';
import { SalePanel } from './SalePanel';
import type { SeatPickerComponent } from './SeatChooser';
import { ShiftsSection } from './ShiftsSection';

/**
 * `/manage/box-office/:eventId`: selling at the door on a phone, a tablet or a laptop (issue #41). Staff open a shift
 * with a float, sell (large buttons for what the box office sells on the chosen date, then cash, a card terminal or
 * complimentary), print or hand over the receipt, void the last sale, and close the shift with the cash counted.
 */
export function BoxOfficePage({ standalone, seatPicker }: { standalone: boolean; seatPicker: SeatPickerComponent }) {
  const { t, i18n } = useLingui();
  const eventId = Number(useParams().eventId);
  const [dateId, setDateId] = useState<number | null>(null);
  const office = useBoxOffice(eventId, dateId);
  const [sale, setSale] = useState<BoxOfficeSaleDto | null>(null);
  // A sale made offline: its tickets' codes, for QR codes drawn on the device.
  const [offlineQr, setOfflineQr] = useState<Record<string, string> | null>(null);
  const device = useDeviceStock(eventId, office.data?.shift ?? null, office.data?.date_id ?? null);
  // The shift being closed: kept while its report shows (the screen's own shift is gone once it is closed).
  const [closing, setClosing] = useState<BoxOfficeShiftDto | null>(null);
  const title = office.data?.event.title;
  usePageTitle(title ? t`Box office: ${title}` : t`Box office`);

  if (office.isPending) return <SectionLoader />;
  if (office.error)
    return (
      <Container size="lg" py="xl">
        <FormErrorAlert error={office.error} />
      </Container>
    );
  const data = office.data;
  const { event, shift } = data;
  const money = (minor: number) => formatMoney(minor, event.currency, i18n.locale);
  const date = data.dates.find((d) => d.id === data.date_id) ?? null;

  return (
    <Container size="lg" py="md" px={standalone ? undefined : 0}>
      <Stack gap="md">
        {standalone ? (
          <Anchor
            component={Link}
            to="/manage/check-in"
            size="sm"
            display="inline-flex"
            style={{ alignItems: 'center', gap: 4 }}
          >
            <IconArrowLeft size={16} aria-hidden />
            <Trans>All events</Trans>
          </Anchor>
        ) : null}
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text size="sm" c="dimmed" fw={600}>
              <Trans>Box office</Trans>
            </Text>
            <Title order={1} size="h2">
              {event.title}
            </Title>
          </Stack>
          {data.dates.length > 1 ? (
            <Select
              label={t`Date`}
              data={data.dates.map((d) => ({
                value: String(d.id),
                label: formatOrderDate(
                  { start_date: d.start_date, end_date: d.end_date, label: d.label },
                  event.timezone,
                  i18n.locale,
                ),
              }))}
              value={data.date_id ? String(data.date_id) : null}
              onChange={(v) => v && setDateId(Number(v))}
              allowDeselect={false}
              w={300}
            />
          ) : date ? (
            <Text c="dimmed">{formatOrderDate(date, event.timezone, i18n.locale)}</Text>
          ) : null}
        </Group>

        {shift ? (
          <Card withBorder radius="md" padding="sm" data-testid="shift-bar">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="wrap">
                <IconCashRegister size={22} aria-hidden />
                <Text fw={700} c="teal.9">
                  <Trans>Shift open</Trans>
                </Text>
                <Text size="sm">
                  <Trans>Float {money(shift.float)}</Trans>
                </Text>
                <Text size="sm" fw={700} data-testid="expected-cash">
                  <Trans>Cash expected {money(shift.expected_cash + pendingCash(device.pending))}</Trans>
                </Text>
              </Group>
              <Button
                variant="default"
                leftSection={<IconLock size={18} aria-hidden />}
                onClick={() => setClosing(shift)}
                disabled={device.pending.length > 0}
              >
                <Trans>Close shift</Trans>
              </Button>
            </Group>
            <PendingSales device={device} currency={event.currency} />
          </Card>
        ) : null}

        {!data.dates.length ? (
          <Card withBorder radius="md" padding="lg">
            <Text>
              <Trans>Nothing can be sold at this event now: it has no date on sale that is still ahead.</Trans>
            </Text>
          </Card>
        ) : !shift ? (
          <OpenShiftCard eventId={eventId} currency={event.currency} />
        ) : sale ? (
          <ReceiptCard
            eventId={eventId}
            eventTitle={event.title}
            sale={sale}
            offlineQr={offlineQr}
            canVoid={!offlineQr && shift.last_sale?.order_id === sale.order_id}
            onNext={() => {
              setSale(null);
              setOfflineQr(null);
            }}
          />
        ) : (
          <SalePanel
            office={data}
            device={device}
            seatPicker={seatPicker}
            onSold={(done, qr) => {
              setSale(done);
              setOfflineQr(qr ?? null);
            }}
          />
        )}
        {!standalone && data.date_id ? <AllocationCard eventId={eventId} dateId={data.date_id} /> : null}
        <ShiftsSection eventId={eventId} currency={event.currency} timezone={event.timezone} />
      </Stack>
      {closing ? (
        <CloseShiftDialog
          eventId={eventId}
          shift={shift ?? closing}
          currency={event.currency}
          opened
          onClose={() => setClosing(null)}
          onClosed={() => setSale(null)}
        />
      ) : null}
    </Container>
  );
}
