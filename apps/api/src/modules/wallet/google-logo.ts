import { buffer } from 'node:stream/consumers';

import { IMAGE_RULES } from '@admitone/shared';
import sharp from 'sharp';

import type { FileStorage } from '../../storage/storage.js';

const LARGE = IMAGE_RULES.ORGANIZER_LOGO.variants.large;

/** Google Wallet's logo: a square PNG of at least 660 pixels, masked to a circle, the artwork 15 % inside each edge. */
export const GOOGLE_LOGO_PIXELS = 660;
const ARTWORK_PIXELS = Math.round(GOOGLE_LOGO_PIXELS * 0.7);

/** The public address Google fetches an organizer's logo from (`appUrl`: the app's own, https in production). */
export const googleLogoUrl = (appUrl: string, imageId: number) => `${appUrl}/api/public/wallet/logos/${imageId}`;

/**
 * A logo's large copy (`variant_keys.large`) as Google Wallet shows it: scaled to fit 70 % of a 660-pixel white
 * square and centred in it, so the circle Google cuts leaves it whole. Null when the file is gone or is no image.
 */
export async function googleLogoPng(storage: Pick<FileStorage, 'get'>, key: string): Promise<Buffer | null> {
  try {
    const file = await storage.get(key);
    if (!file) return null;
    const artwork = await sharp(await buffer(file.body), {
      limitInputPixels: LARGE[0] * LARGE[1],
      failOn: 'error',
    })
      .resize(ARTWORK_PIXELS, ARTWORK_PIXELS, { fit: 'inside' })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    return await sharp({
      create: { width: GOOGLE_LOGO_PIXELS, height: GOOGLE_LOGO_PIXELS, channels: 3, background: '#ffffff' },
    })
      .composite([{ input: artwork, gravity: 'center' }])
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** Logos made lately, by storage key (a few kilobytes each): Google fetches one per date's class. */
const made = new Map<string, Buffer>();
const KEPT = 64;

/** googleLogoPng, made once per logo while it is among the last KEPT asked for. */
export async function keptGoogleLogoPng(storage: Pick<FileStorage, 'get'>, key: string): Promise<Buffer | null> {
  const kept = made.get(key);
  if (kept) return kept;
  const png = await googleLogoPng(storage, key);
  if (png) {
    made.set(key, png);
    if (made.size > KEPT) made.delete(made.keys().next().value!);
  }
  return png;
}
