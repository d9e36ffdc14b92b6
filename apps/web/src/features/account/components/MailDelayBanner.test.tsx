import type { MailDeliveryDto } from '@admitone/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { MailDelayBanner } from './MailDelayBanner';

const state: { delivery: MailDeliveryDto | undefined; permissions: string[] } = {
  delivery: undefined,
  permissions: ['events.manage'],
};
const asked: Array<{ id: number | undefined; enabled: boolean }> = [];
vi.mock('../../users/api/me', () => ({
  useMe: () => ({ data: { account: { id: 7, timezone: 'Europe/Berlin' }, permissions: state.permissions } }),
}));
vi.mock('../api/mail-delivery', () => ({
  useMailDelivery: (id: number | undefined, enabled: boolean) => {
    asked.push({ id, enabled });
    return { data: enabled ? state.delivery : undefined };
  },
}));

const show = () => renderWithProviders(<MailDelayBanner />);

describe('mail delay notice', () => {
  beforeEach(() => {
    state.permissions = ['events.manage'];
    asked.length = 0;
  });

  it('says nothing while mail goes out', () => {
    state.delivery = { status: 'ok', waiting: 0, oldest_waiting_at: null, given_up: 0, retry_hours: 72 };
    show();
    expect(screen.queryByTestId('mail-delay')).toBeNull();
  });

  it('tells how many mails wait since when (in the account zone), that they go out by themselves, and what was given up', () => {
    state.delivery = {
      status: 'delayed',
      waiting: 12,
      oldest_waiting_at: '2026-12-03T13:02:00Z',
      given_up: 1,
      retry_hours: 72,
    };
    show();
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Mail is delayed');
    expect(notice.textContent).toContain(
      '12 mails of this account (order confirmations, tickets or messages) have not been accepted by the mail server since Dec 3, 2026, 2:02 PM.',
    );
    expect(notice.textContent).toContain('for up to 72 hours');
    expect(notice.textContent).toContain(
      '1 mail of the last 7 days was given up after every try. Open its order or message to send it again.',
    );
  });

  it('names only what was given up once the server answers again', () => {
    state.delivery = { status: 'ok', waiting: 0, oldest_waiting_at: null, given_up: 3, retry_hours: 72 };
    show();
    expect(screen.getByRole('status').textContent).toContain(
      'Some mails could not be delivered3 mails of the last 7 days were given up',
    );
  });

  it('is not asked for by door staff', () => {
    state.permissions = ['checkin.scan'];
    state.delivery = {
      status: 'delayed',
      waiting: 2,
      oldest_waiting_at: '2026-12-03T13:02:00Z',
      given_up: 0,
      retry_hours: 72,
    };
    show();
    expect(asked.at(-1)).toEqual({ id: 7, enabled: false });
    expect(screen.queryByTestId('mail-delay')).toBeNull();
  });
});
