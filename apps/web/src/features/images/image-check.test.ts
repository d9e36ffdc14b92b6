import { IMAGE_MAX_BYTES, IMAGE_RULES } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { type ImageFacts, imageProblem } from './image-check';

const cover = IMAGE_RULES.EVENT_COVER;
const ok: ImageFacts = { contentType: 'image/png', bytes: 1000, width: 1200, height: 600 };

describe('imageProblem', () => {
  it.each<[string, Partial<ImageFacts>, string | null]>([
    ['a fine cover', {}, null],
    ['a GIF', { contentType: 'image/gif' }, 'type'],
    ['5 MB exactly', { bytes: IMAGE_MAX_BYTES }, 'size'],
    ['just under 5 MB', { bytes: IMAGE_MAX_BYTES - 1 }, null],
    ['too narrow', { width: 899 }, 'too_small'],
    ['too low', { height: 449 }, 'too_small'],
    ['the minimum', { width: 900, height: 450 }, null],
    ['the maximum', { width: 3000, height: 2000 }, null],
    ['too wide', { width: 3001 }, 'too_large'],
    ['unknown size', { width: undefined, height: undefined }, null],
  ])('%s', (_name, patch, expected) => {
    expect(imageProblem({ ...ok, ...patch }, cover)).toBe(expected);
  });

  it('uses the logo bounds for logos', () => {
    expect(imageProblem({ ...ok, width: 100, height: 100 }, IMAGE_RULES.ORGANIZER_LOGO)).toBeNull();
    expect(imageProblem({ ...ok, width: 99, height: 100 }, IMAGE_RULES.ORGANIZER_LOGO)).toBe('too_small');
  });
});
