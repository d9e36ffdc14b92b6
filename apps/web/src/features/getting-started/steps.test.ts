import type { EventDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';
import { gettingStartedSteps, hasDetails } from './steps';

const location = { venue_name: null, address_line_1: null, address_line_2: null, city: null, state_or_region: null, zip_or_postal_code: null, country: null };
const event = (patch: Partial<EventDto> = {}) =>
  ({ description: null, is_online: false, online_details: null, location, cover_image: null, status: 'DRAFT', ...patch }) as EventDto;

describe('hasDetails', () => {
  it.each<[string, Partial<EventDto>, boolean]>([
    ['nothing', {}, false],
    ['a description only', { description: '<p>Hi</p>' }, false],
    ['an empty paragraph and a venue', { description: '<p> </p>', location: { ...location, venue_name: 'Hall' } }, false],
    ['a description and a venue', { description: '<p>Hi</p>', location: { ...location, venue_name: 'Hall' } }, true],
    ['a description and a city', { description: '<p>Hi</p>', location: { ...location, city: 'Porto' } }, true],
    ['online without details', { description: '<p>Hi</p>', is_online: true, location: { ...location, city: 'Porto' } }, false],
    ['online with details', { description: '<p>Hi</p>', is_online: true, online_details: '<p>https://meet.test</p>' }, true],
  ])('%s', (_name, patch, expected) => expect(hasDetails(event(patch))).toBe(expected));
});

describe('gettingStartedSteps', () => {
  it('starts with only the organizer done', () => {
    expect(gettingStartedSteps(event(), false).filter((s) => s.done).map((s) => s.key)).toEqual(['organizer']);
  });

  it('marks cover, e-mail and going live from the real state', () => {
    const steps = gettingStartedSteps(event({ cover_image: {} as EventDto['cover_image'], status: 'LIVE' }), true, 2);
    expect(steps.map((s) => [s.key, s.done])).toEqual([
      ['organizer', true],
      ['details', false],
      ['cover', true],
      ['tickets', true],
      ['email', true],
      ['live', true],
    ]);
  });
});
