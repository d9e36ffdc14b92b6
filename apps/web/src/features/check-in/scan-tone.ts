import type { CheckInResult } from '@admitone/shared';

/** How a result feels at the door: let in, look closer, or stop. */
export type ScanTone = 'success' | 'warning' | 'error';

export const RESULT_TONE: Record<CheckInResult, ScanTone> = {
  CHECKED_IN: 'success',
  CHECKED_OUT: 'success',
  ALREADY_CHECKED_IN: 'warning',
  NOT_CHECKED_IN: 'warning',
  AWAITING_PAYMENT: 'warning',
  CANCELLED: 'error',
  UNKNOWN: 'error',
  WRONG_EVENT: 'error',
  NOT_ON_LIST: 'error',
  LIST_NOT_ACTIVE: 'warning',
  LIST_EXPIRED: 'error',
  TRANSFERRED: 'error',
  WRONG_DATE: 'error',
};

/** Mantine colours of each tone (shade 9 text on a light background keeps 4.5:1). */
export const TONE_COLOR: Record<ScanTone | 'queued', string> = {
  success: 'teal',
  warning: 'orange',
  error: 'red',
  queued: 'gray',
};

let context: AudioContext | null = null;

/** Creates (or wakes) the audio context; call from a click so browsers allow sound later. */
export function unlockScanSound(): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

const NOTES: Record<ScanTone | 'queued', Array<{ hz: number; ms: number; type: OscillatorType }>> = {
  // Two rising notes: in.
  success: [
    { hz: 880, ms: 90, type: 'sine' },
    { hz: 1320, ms: 140, type: 'sine' },
  ],
  // One middle note: look at the screen.
  warning: [
    { hz: 520, ms: 120, type: 'triangle' },
    { hz: 520, ms: 120, type: 'triangle' },
  ],
  // A low buzz: stop.
  error: [{ hz: 180, ms: 380, type: 'square' }],
  queued: [{ hz: 660, ms: 120, type: 'sine' }],
};

/** A short beep that differs for success, warning and failure (WebAudio; silent where unavailable). */
export function playScanSound(tone: ScanTone | 'queued'): void {
  if (!context) return;
  let at = context.currentTime;
  for (const note of NOTES[tone]) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = note.type;
    osc.frequency.value = note.hz;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + note.ms / 1000);
    osc.connect(gain).connect(context.destination);
    osc.start(at);
    osc.stop(at + note.ms / 1000 + 0.02);
    at += note.ms / 1000 + 0.04;
  }
}
