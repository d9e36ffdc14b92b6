import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Skeleton.css';

import type { AttendeeDto, CheckInEventDto, CheckInScan } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconCloudUpload, IconScan } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { usePhone } from '../../../lib/use-phone';
import { type CheckInSource, CheckInSourceContext, useCheckInSource } from '../check-in-source';
import { type SubmitResult, useCheckIn } from '../hooks/useCheckIn';
import { useDoorDate } from '../hooks/useDoorDate';
import { unlockScanSound } from '../scan-tone';
import { AdmitAnywayDialog, type AdmitRequest } from './AdmitAnywayDialog';
import { AttendeeCheckInList } from './AttendeeCheckInList';
import { CheckInCount } from './CheckInCount';
import { DoorDateSelect, useDoorDateLabel } from './DoorDateSelect';
import { ScanOutcomeCard } from './ScanOutcomeCard';

// The camera and the QR decoder are only downloaded when someone opens the scanner.
const ScannerPanel = lazy(() => import('./ScannerPanel').then((m) => ({ default: m.ScannerPanel })));

function ScannerLoading() {
  const { t } = useLingui();
  return (
    <Stack gap="md" aria-busy aria-label={t`Loading the scanner`}>
      <Skeleton height={36} width="60%" />
      <Skeleton height={320} radius="md" />
    </Stack>
  );
}

/** "N scans waiting to be sent" while the device is offline, with a way to try now; or why they never will be. */
function PendingScans({ pending, refused, onSend }: { pending: number; refused: boolean; onSend: () => void }) {
  if (!pending) return null;
  if (refused) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconCloudOff size={20} aria-hidden />}
        mb="md"
        data-testid="pending-scans"
        title={<Trans>Scans refused</Trans>}
      >
        <Plural
          value={pending}
          one="# scan made on this device was refused: this link no longer works. Those attendees were not checked in; check them again with a working link."
          other="# scans made on this device were refused: this link no longer works. Those attendees were not checked in; check them again with a working link."
        />
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconCloudUpload size={20} aria-hidden />}
      mb="md"
      data-testid="pending-scans"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600}>
          <Plural
            value={pending}
            one="# scan waiting to be sent. It is sent as soon as the connection returns; the server decides."
            other="# scans waiting to be sent. They are sent as soon as the connection returns; the server decides each one."
          />
        </Text>
        <Button size="xs" variant="default" onClick={onSend}>
          <Trans>Send now</Trans>
        </Button>
      </Group>
    </Alert>
  );
}

interface CheckInProps {
  /** `date_count`: with several dates, each attendee names the date of their ticket. */
  event: Pick<CheckInEventDto, 'id' | 'title' | 'timezone'> & { date_count?: number };
  source: CheckInSource;
  /** A link back above the title (the screens without the event's navigation). */
  back?: ReactNode;
  /** Under the header: the list chooser, the list's state. */
  above?: ReactNode;
  /** The page title (default: "Check-in", or the event's title with `back`). */
  title?: ReactNode;
}

/** One list's check-in screen: the count, the attendees, the scanner (organizers, door staff and staff links alike). */
export function CheckIn({ event, source, back, above, title }: CheckInProps) {
  return (
    <CheckInSourceContext.Provider value={source}>
      <CheckInScreen event={event} back={back} above={above} title={title} />
    </CheckInSourceContext.Provider>
  );
}

function CheckInScreen({ event, back, above, title }: Omit<CheckInProps, 'source'>) {
  const source = useCheckInSource();
  const { submit, admitAnyway, pending, flush, refused } = useCheckIn(source);
  const [scanning, setScanning] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  // `focus`: the outcome of "Admit anyway", whose button went away with the refusal; focus goes to the new outcome.
  const [last, setLast] = useState<{ seq: number; value: SubmitResult; focus?: boolean } | null>(null);
  const [error, setError] = useState<unknown>(null);
  // The refusal being admitted anyway, from the card below or the scanner's.
  const [admitting, setAdmitting] = useState<AdmitRequest | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (last?.focus) outcomeRef.current?.focus();
  }, [last]);
  const showDates = (event.date_count ?? 1) > 1;
  // With several dates, the door checks in one of them: every scan names it, the list and the count are its.
  const door = useDoorDate(event.id, event.timezone, showDates);
  const { dateId } = door;
  const labelOf = useDoorDateLabel(event.timezone);
  const doorDate = door.dates?.find((d) => d.id === dateId);
  const doorLabel = doorDate ? labelOf(doorDate) : '';
  const submitOnDate = useCallback(
    (scan: CheckInScan) => submit(typeof dateId === 'number' ? { ...scan, event_date_id: dateId } : scan),
    [submit, dateId],
  );

  const act = async (a: AttendeeDto, action: 'CHECK_IN' | 'CHECK_OUT') => {
    setBusy((s) => new Set(s).add(a.id));
    try {
      const value = await submitOnDate({ attendee_id: a.id, action });
      setError(null);
      setLast((r) => ({ seq: (r?.seq ?? 0) + 1, value }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(a.id);
        return next;
      });
    }
  };

  const openScanner = () => {
    unlockScanSound();
    setScanning(true);
  };
  // On a phone the search comes first, the whole width; the scan button and the count follow it.
  const phone = usePhone();
  const scanButton = (
    <Button size="md" fullWidth={phone} leftSection={<IconScan size={20} aria-hidden />} onClick={openScanner}>
      <Trans>Scan tickets</Trans>
    </Button>
  );
  const outcome = (
    <div role="status" aria-live="polite" aria-atomic="true" ref={outcomeRef} tabIndex={-1}>
      {last && !scanning ? (
        <ScanOutcomeCard
          key={last.seq}
          result={last.value}
          timeZone={event.timezone}
          size="md"
          onAdmitAnyway={(result) =>
            setAdmitting({
              result,
              onAdmitted: (value) => setLast((r) => ({ seq: (r?.seq ?? 0) + 1, value, focus: true })),
            })
          }
        />
      ) : null}
    </div>
  );

  return (
    <>
      {back}
      <PageHeader
        title={title ?? (back ? event.title : <Trans>Check-in</Trans>)}
        description={<Trans>Admit attendees by scanning their tickets or finding them by name.</Trans>}
        actions={phone ? null : scanButton}
      />
      {above}
      {door.dates && door.dates.length > 1 ? (
        <DoorDateSelect dates={door.dates} value={dateId ?? null} timeZone={event.timezone} onChange={door.choose} />
      ) : door.error ? (
        <FormErrorAlert error={door.error} />
      ) : null}
      <PendingScans pending={pending} refused={refused} onSend={() => void flush()} />
      {phone ? (
        <Stack gap="md">
          {error ? <FormErrorAlert error={error} /> : null}
          <AttendeeCheckInList
            timeZone={event.timezone}
            showDates={showDates}
            dateId={dateId}
            busyIds={busy}
            onAction={(a, action) => void act(a, action)}
            fullWidth
            between={
              <>
                {scanButton}
                <CheckInCount compact dateId={dateId} />
                {outcome}
              </>
            }
          />
        </Stack>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <CheckInCount dateId={dateId} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              {error ? <FormErrorAlert error={error} /> : null}
              {outcome}
              <AttendeeCheckInList
                timeZone={event.timezone}
                showDates={showDates}
                dateId={dateId}
                busyIds={busy}
                onAction={(a, action) => void act(a, action)}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {/* While "Admit anyway" is asked over it, the scanner stays open: Escape closes only the question. */}
      <AppModal
        opened={scanning}
        onClose={() => setScanning(false)}
        title={<Trans>Scan tickets</Trans>}
        size="lg"
        locked={admitting !== null}
      >
        {doorLabel ? (
          <Text fw={600} mb="sm" data-testid="scanner-date">
            <Trans>Checking in for {doorLabel}</Trans>
          </Text>
        ) : null}
        <Suspense fallback={<ScannerLoading />}>
          <ScannerPanel
            timeZone={event.timezone}
            submit={submitOnDate}
            onAdmitAnyway={setAdmitting}
            holding={admitting !== null}
          />
        </Suspense>
        {pending ? (
          <Text size="sm" c="orange.9" mt="sm" fw={600}>
            <Plural value={pending} one="# scan waiting to be sent." other="# scans waiting to be sent." />
          </Text>
        ) : null}
      </AppModal>
      <AdmitAnywayDialog
        request={admitting}
        timeZone={event.timezone}
        admit={admitAnyway}
        onClose={() => setAdmitting(null)}
      />
    </>
  );
}
