import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import QRCode from 'qrcode';
import sharp from 'sharp';

import base, { CHROMIUM } from '../playwright.config';

/**
 * Chromium's fake camera (`--use-file-for-fake-video-capture`) plays an .mjpeg file: JPEG frames one
 * after the other, read at 30 frames a second and looped. Chromium opens the file when a page starts
 * the camera, so a test may (re)write it after the browser has started.
 */
// One file per worker process: the two lanes may scan at the same time (check-in and self-service flows).
export const FAKE_CAMERA_FILE = path.join(
  os.tmpdir(),
  `admitone-e2e-camera-${process.env.E2E_PORT ?? 3100}-${process.pid}.mjpeg`,
);

/**
 * `test.use(...)` options for a spec that scans: Chromium itself with the fake camera, allowed for the site; the
 * config's other flags kept.
 */
export const fakeCameraUse = {
  actionTimeout: 15_000,
  permissions: ['camera'],
  launchOptions: {
    ...base.use?.launchOptions,
    executablePath: CHROMIUM,
    args: [
      ...(base.use?.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${FAKE_CAMERA_FILE}`,
    ],
  },
};
const FPS = 30;
const WIDTH = 640;
const HEIGHT = 480;

/** One frame: white, with the code's QR (as the ticket's QR is drawn) in the middle, or blank. */
async function frame(text: string | null): Promise<Buffer> {
  const canvas = sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } });
  if (text === null) return canvas.jpeg({ quality: 80 }).toBuffer();
  const qr = await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, type: 'png', width: 360 });
  return canvas
    .composite([{ input: qr, top: (HEIGHT - 360) / 2, left: (WIDTH - 360) / 2 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Writes the camera's video: each shot is a QR payload (or null for an empty view) shown for some seconds. */
export async function writeFakeCamera(
  shots: Array<{ code: string | null; seconds: number }>,
  file = FAKE_CAMERA_FILE,
): Promise<void> {
  const parts: Buffer[] = [];
  for (const shot of shots) {
    const jpeg = await frame(shot.code);
    for (let i = 0; i < Math.round(shot.seconds * FPS); i++) parts.push(jpeg);
  }
  writeFileSync(file, Buffer.concat(parts));
}
