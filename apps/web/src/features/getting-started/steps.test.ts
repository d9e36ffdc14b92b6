import type { EventDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { gettingStartedSteps, hasDetails, hasPaymentProvider } from './steps';

const location = {
  venue_name: null,
  address_line_1: null,
  address_line_2: null,
  city: null,
  state_or_region: null,
  zip_or_postal_code: null,
  country: null,
  latitude: null,
  longitude: null,
};
const settings = { offline_payments_enabled: false } as EventDto['settings'];
const event = (patch: Partial<EventDto> = {}) =>
  ({
    description: null,
    is_online: false,
    online_details: null,
    location,
    cover_image: null,
    status: 'DRAFT',
    settings,
    ...patch,
  }) as EventDto;
const offline = event({ settings: { ...settings, offline_payments_enabled: true } });

describe('hasDetails', () => {
  it.each<[string, Partial<EventDto>, boolean]>([
    ['nothing', {}, false],
    ['a description only', { description: '<p>Hi</p>' }, false],
    [
      'an empty paragraph and a venue',
      { description: '<p> </p>', location: { ...location, venue_name: 'Hall' } },
      false,
    ],
    ['a description and a venue', { description: '<p>Hi</p>', location: { ...location, venue_name: 'Hall' } }, true],
    ['a description and a city', { description: '<p>Hi</p>', location: { ...location, city: 'Porto' } }, true],
    [
      'online without details',
      { description: '<p>Hi</p>', is_online: true, location: { ...location, city: 'Porto' } },
      false,
    ],
    [
      'online with details',
      { description: '<p>Hi</p>', is_online: true, online_details: '<p>https://meet.test</p>' },
      true,
    ],
  ])('%s', (_name, patch, expected) => expect(hasDetails(event(patch))).toBe(expected));
});

describe('hasPaymentProvider', () => {
  it.each([
    ['connected', event(), 'CONNECTED', true],
    ['connected, offline too', offline, 'CONNECTED', true],
    ['not configured, offline payments', offline, 'NOT_CONFIGURED', true],
    ['not configured, no offline payments', event(), 'NOT_CONFIGURED', false],
    ['not connected, offline payments', offline, 'NOT_CONNECTED', false],
    ['setup incomplete', offline, 'SETUP_INCOMPLETE', false],
    ['unknown', offline, null, false],
  ] as const)('%s', (_name, e, status, expected) => expect(hasPaymentProvider(e, status)).toBe(expected));
});

describe('gettingStartedSteps', () => {
  it('starts with only the organizer done', () => {
    expect(
      gettingStartedSteps(event(), { emailVerified: false })
        .filter((s) => s.done)
        .map((s) => s.key),
    ).toEqual(['organizer']);
  });

  it('marks cover, payment, e-mail and going live from the real state', () => {
    const steps = gettingStartedSteps(event({ cover_image: {} as EventDto['cover_image'], status: 'LIVE' }), {
      emailVerified: true,
      ticketCount: 2,
      payment: 'CONNECTED',
    });
    expect(steps.map((s) => [s.key, s.done])).toEqual([
      ['organizer', true],
      ['details', false],
      ['cover', true],
      ['tickets', true],
      ['payment', true],
      ['email', true],
      ['live', true],
    ]);
  });
});
