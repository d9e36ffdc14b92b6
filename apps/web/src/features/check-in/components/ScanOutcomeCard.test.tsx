import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AttendeeDto, CheckInOutcomeDto, Permission } from '@admitone/shared';
import { createQueryClient } from '../../../lib/query-client';
import { userKeys, type Me } from '../../users/api/me';
import { ScanOutcomeCard } from './ScanOutcomeCard';

const attendee = { id: 1, short_id: 'A2345', first_name: 'Ada', last_name: 'Lovelace', email: null, ticket_name: 'Standing', tier_label: null } as AttendeeDto;

/** The card as someone with these permissions sees it after a scan. */
function show(outcome: CheckInOutcomeDto, permissions: Permission[]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.me(), { user: { id: 1 }, account: { id: 1 }, accounts: [], permissions } as unknown as Me);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <ScanOutcomeCard result={{ kind: 'done', outcome }} timeZone="Europe/Berlin" />
        </MantineProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const DOOR_STAFF: Permission[] = ['checkin.scan'];
const ORGANIZER: Permission[] = ['events.manage', 'organizers.manage', 'checkin.scan'];

describe('the scan outcome', () => {
  it('tells door staff a ticket is for another event without naming anyone (the server sends no attendee)', () => {
    show({ result: 'WRONG_EVENT', attendee: null, checked_in_at: null, checked_in_by: null }, DOOR_STAFF);
    expect(screen.getByText('Ticket for another event')).toBeTruthy();
    expect(screen.getByText('This ticket is for another event.')).toBeTruthy();
  });

  it('names the holder to an organizer', () => {
    show({ result: 'WRONG_EVENT', attendee, checked_in_at: null, checked_in_by: null }, ORGANIZER);
    expect(screen.getByText('This ticket of Ada Lovelace is for another of your events.')).toBeTruthy();
  });

  it('sends door staff to an organizer for an unpaid order, and tells the organizer to mark it paid', () => {
    show({ result: 'AWAITING_PAYMENT', attendee, checked_in_at: null, checked_in_by: null }, DOOR_STAFF);
    expect(screen.getByText('The order of Ada Lovelace is not paid yet. Ask an organizer to mark it as paid.')).toBeTruthy();
  });

  it('tells an organizer to mark an unpaid order as paid', () => {
    show({ result: 'AWAITING_PAYMENT', attendee, checked_in_at: null, checked_in_by: null }, ORGANIZER);
    expect(screen.getByText('The order of Ada Lovelace is not paid yet. Mark it as paid first.')).toBeTruthy();
  });
});
