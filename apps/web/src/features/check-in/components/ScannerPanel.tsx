import '@mantine/core/styles/SegmentedControl.css';

import type { CheckInAction, CheckInScan } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconBolt, IconBoltOff, IconCameraOff, IconRefresh } from '@tabler/icons-react';
import {
  type IDetectedBarcode,
  type IScannerError,
  type IScannerHandle,
  prepareZXingModule,
  Scanner,
  useDevices,
} from '@yudiel/react-qr-scanner';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

import { actionErrorMessage } from '../../../lib/action-error';
import { type SubmitResult, toneOf } from '../hooks/useCheckIn';
import { playScanSound } from '../scan-tone';
import type { AdmitRequest } from './AdmitAnywayDialog';
import { NoScanYet, ScanOutcomeCard } from './ScanOutcomeCard';

// The decoder's WebAssembly is served by this app, not fetched from a CDN (venues are often offline).
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
});

/** The same code is not sent again within this time (a ticket held in front of the camera). */
const REPEAT_MS = 3_000;

/** Torch is a camera capability browsers expose but the DOM typings do not list yet. */
type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };

interface ScannerPanelProps {
  timeZone: string;
  submit: (scan: CheckInScan) => Promise<SubmitResult>;
  /** Asks to admit a refused ticket anyway (the dialog is the screen's); its outcome is shown here. */
  onAdmitAnyway?: (request: AdmitRequest) => void;
  /** That question is open: codes the camera sees meanwhile are not sent (nor replace the outcome asked about). */
  holding?: boolean;
}

/** What went wrong with the camera, and what the person at the door can do about it. */
function CameraProblem({ error, onRetry }: { error: IScannerError; onRetry: () => void }) {
  const { t } = useLingui();
  const text: Record<string, { title: string; help: string }> = {
    'permission-denied': {
      title: t`Camera permission denied`,
      help: t`Allow this site to use the camera (the camera icon in the address bar or the browser's site settings), then try again. You can still check attendees in from the list.`,
    },
    'no-camera': {
      title: t`No camera found`,
      help: t`Connect a camera or use a device that has one. You can still check attendees in from the list.`,
    },
    'in-use': {
      title: t`The camera is busy`,
      help: t`Another app or tab is using the camera. Close it, then try again.`,
    },
    'insecure-context': {
      title: t`The camera needs a secure connection`,
      help: t`Open this page over https to use the camera.`,
    },
  };
  const detail = error.message;
  const shown = text[error.kind] ?? {
    title: t`The camera could not be started`,
    help: t`Try again, or choose another camera.`,
  };
  return (
    <Alert color="red" variant="light" icon={<IconCameraOff size={20} aria-hidden />} title={shown.title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{shown.help}</Text>
        {detail ? (
          <Text size="xs" c="dimmed">
            <Trans>Details: {detail}</Trans>
          </Text>
        ) : null}
        <Button variant="default" size="xs" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}

/** The QR scanner: camera choice, flash, the video and the last result (loaded only when opened). */
export function ScannerPanel({ timeZone, submit, onAdmitAnyway, holding = false }: ScannerPanelProps) {
  const { t, i18n } = useLingui();
  const devices = useDevices();
  const [deviceId, setDeviceId] = useState<string>('');
  const [mode, setMode] = useState<CheckInAction>('CHECK_IN');
  const [cameraError, setCameraError] = useState<IScannerError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [torch, setTorch] = useState({ supported: false, on: false });
  // `focus`: the outcome of "Admit anyway", whose button went away with the refusal; focus goes to the new outcome.
  const [result, setResult] = useState<{ seq: number; value: SubmitResult; focus?: boolean } | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const scanner = useRef<IScannerHandle>(null);
  const recent = useRef(new Map<string, number>());
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const holdingRef = useRef(holding);
  holdingRef.current = holding;
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result?.focus) outcomeRef.current?.focus();
  }, [result]);

  // Only preferences, no minimums: the scanner's defaults (at least 640 pixels high) refuse many webcams.
  const constraints = useMemo<MediaTrackConstraints>(
    () => ({
      ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: 'environment' }),
      width: { ideal: 1280 },
      height: { ideal: 720 },
    }),
    [deviceId],
  );

  // Whether the running camera has a torch is known only once its track is live.
  useEffect(() => {
    setTorch({ supported: false, on: false });
    const timer = window.setInterval(() => {
      const track = scanner.current?.getStream()?.getVideoTracks()[0];
      if (!track || track.readyState !== 'live') return;
      window.clearInterval(timer);
      const caps: TorchCapabilities = typeof track.getCapabilities === 'function' ? track.getCapabilities() : {};
      setTorch({ supported: !!caps.torch, on: false });
    }, 400);
    return () => window.clearInterval(timer);
  }, [deviceId, attempt]);

  const toggleTorch = async () => {
    const track = scanner.current?.getStream()?.getVideoTracks()[0];
    if (!track) return;
    try {
      await track.applyConstraints({ advanced: [{ torch: !torch.on } as MediaTrackConstraintSet] });
      setTorch((s) => ({ ...s, on: !s.on }));
    } catch {
      setTorch({ supported: false, on: false });
    }
  };

  const handle = useCallback(
    async (code: string) => {
      try {
        const value = await submit({ code, action: modeRef.current });
        setSendError(null);
        setResult((r) => ({ seq: (r?.seq ?? 0) + 1, value }));
        playScanSound(toneOf(value));
      } catch (e) {
        setSendError(actionErrorMessage(e, i18n, t`The scan could not be checked. Please try again.`));
        playScanSound('error');
      }
    },
    [submit, i18n, t],
  );

  const onScan = useCallback(
    (codes: IDetectedBarcode[]) => {
      const now = Date.now();
      for (const c of codes) {
        const code = c.rawValue.trim();
        if (!code) continue;
        const last = recent.current.get(code);
        // While "Admit anyway" is asked, a code seen counts as sent: it is not sent the moment the question closes.
        if (holdingRef.current) recent.current.set(code, now);
        if (holdingRef.current || (last !== undefined && now - last < REPEAT_MS)) continue;
        recent.current.set(code, now);
        void handle(code);
      }
    },
    [handle],
  );

  const retry = () => {
    setCameraError(null);
    setAttempt((n) => n + 1);
  };

  const cameraOptions = devices.map((d, i) => {
    const n = i + 1;
    return { value: d.deviceId, label: d.label || t`Camera ${n}` };
  });

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t`What a scan does`}
          value={mode}
          onChange={(v) => setMode(v as CheckInAction)}
          data={[
            { value: 'CHECK_IN', label: t`Check in` },
            { value: 'CHECK_OUT', label: t`Check out` },
          ]}
        />
        {cameraOptions.length > 1 ? (
          <NativeSelect
            label={t`Camera`}
            value={deviceId || cameraOptions[0]!.value}
            onChange={(e) => {
              setDeviceId(e.currentTarget.value);
              setCameraError(null);
            }}
            data={cameraOptions}
            style={{ flex: '1 1 200px' }}
          />
        ) : null}
        {torch.supported ? (
          <Button
            variant={torch.on ? 'filled' : 'default'}
            aria-pressed={torch.on}
            leftSection={torch.on ? <IconBoltOff size={18} aria-hidden /> : <IconBolt size={18} aria-hidden />}
            onClick={() => void toggleTorch()}
          >
            {torch.on ? <Trans>Flash off</Trans> : <Trans>Flash on</Trans>}
          </Button>
        ) : (
          <Text size="sm" c="dimmed" data-testid="flash-unavailable">
            <Trans>Flash unavailable</Trans>
          </Text>
        )}
      </Group>
      {/* The last result sits above the camera, so it is seen without scrolling; screen readers hear it. */}
      <div role="status" aria-live="polite" aria-atomic="true" style={{ minHeight: 96 }} ref={outcomeRef} tabIndex={-1}>
        {result ? (
          <ScanOutcomeCard
            key={result.seq}
            result={result.value}
            timeZone={timeZone}
            onAdmitAnyway={
              onAdmitAnyway &&
              ((r) =>
                onAdmitAnyway({
                  result: r,
                  onAdmitted: (value) => {
                    setResult((prev) => ({ seq: (prev?.seq ?? 0) + 1, value, focus: true }));
                    playScanSound(toneOf(value));
                  },
                }))
            }
          />
        ) : cameraError ? null : (
          <NoScanYet />
        )}
      </div>
      {cameraError ? (
        <CameraProblem error={cameraError} onRetry={retry} />
      ) : (
        <Box
          maw={360}
          w="100%"
          mx="auto"
          style={{ borderRadius: 12, overflow: 'hidden' }}
          aria-label={t`Camera view`}
          role="img"
        >
          <Scanner
            key={attempt}
            ref={scanner}
            onScan={onScan}
            onError={setCameraError}
            constraints={constraints}
            formats={['qr_code']}
            sound={false}
            components={{ finder: true, torch: false, onOff: false, zoom: false }}
          />
        </Box>
      )}
      {sendError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {sendError}
        </Alert>
      ) : null}
    </Stack>
  );
}
