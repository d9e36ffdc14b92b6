import { AUDIT_ACTIONS, type AuditEntryDto } from '@admitone/shared';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';

import { auditDetails, type AuditDetailsContext } from './audit-details';
import { actionOptions, auditActionLabel } from './audit-labels';

const ctx: AuditDetailsContext = {
  i18n,
  currency: 'EUR',
  timeZone: 'Europe/Berlin',
  eventTitles: new Map([[7, 'Summer concert']]),
  organizerNames: new Map([
    [1, 'A Presents'],
    [2, 'B Live'],
  ]),
};
const line = (action: AuditEntryDto['action'], data: Record<string, unknown>) => ({ action, data });

describe('what a line of the audit log says', () => {
  it('names each action as a short sentence, an export by what it took out, an order change as its history does', () => {
    expect(auditActionLabel(line('ticket.updated', {}), i18n)).toBe('Changed a ticket');
    expect(auditActionLabel(line('auth.signed_in', {}), i18n)).toBe('Signed in');
    expect(auditActionLabel(line('export.personal_data', { kind: 'attendees', format: 'csv' }), i18n)).toBe(
      'Exported attendees',
    );
    expect(auditActionLabel(line('export.personal_data', { kind: 'audit-log' }), i18n)).toBe('Exported the audit log');
    expect(auditActionLabel(line('export.personal_data', { kind: 'something-new' }), i18n)).toBe(
      'Exported personal data',
    );
    expect(auditActionLabel(line('order.changed', { kind: 'MARKED_PAID' }), i18n)).toBe('Marked as paid');
    expect(auditActionLabel(line('order.changed', { kind: 'CANCELLED' }), i18n)).toBe('Order cancelled');
  });

  it('offers every action once in the filter, grouped', () => {
    const groups = actionOptions(i18n);
    expect(groups.map((g) => g.group)).toEqual([
      'Sign-in',
      'Team',
      'API keys',
      'Webhooks',
      'Account',
      'Events',
      'Tickets',
      'Promo codes',
      'Taxes and fees',
      'Orders',
      'Check-in',
      'Exports',
    ]);
    // Every action once, none left out.
    const offered = groups.flatMap((g) => g.items.map((i) => i.value));
    expect([...offered].sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(groups[0]!.items[0]).toEqual({ value: 'auth.signed_in', label: 'Signed in' });
  });
});

describe('the details of a line', () => {
  it("shows a ticket's changes with money in the account's currency, yes or no, and times in its zone", () => {
    expect(
      auditDetails(
        line('ticket.updated', {
          price: { from: 2500, to: 3000 },
          is_hidden: { from: false, to: true },
          quantity: { from: 100, to: null },
          sale_start: { from: null, to: '2026-06-01T08:00:00.000Z' },
          type: { from: 'FREE', to: 'PAID' },
        }),
        ctx,
      ),
    ).toEqual([
      'Price: €25.00 → €30.00',
      'Hidden: No → Yes',
      'Quantity: 100 → Unlimited',
      'Sale starts: — → Jun 1, 2026, 10:00 AM',
      'Type: Free → Paid',
    ]);
  });

  it("names the account's and a member's fields, roles and statuses, and the events by title", () => {
    expect(
      auditDetails(
        line('account.updated', {
          require_two_factor: { from: false, to: true },
          audit_retention_days: { from: 365, to: 90 },
          event_defaults: {
            from: { order_timeout_minutes: 15, support_email: null, colors: { link: '#111111' } },
            to: { order_timeout_minutes: 30, support_email: 'help@example.com', colors: { link: '#222222' } },
          },
        }),
        ctx,
      ),
    ).toEqual([
      'Every member must use two-factor sign-in: No → Yes',
      'Days the audit log is kept: 365 → 90',
      'Event defaults · Order timeout (minutes): 15 → 30',
      'Event defaults · Support e-mail: — → help@example.com',
      'Event defaults · Colors of event pages · Links: #111111 → #222222',
    ]);
    expect(
      auditDetails(
        line('member.updated', {
          role: { from: 'ORGANIZER', to: 'DOOR_STAFF' },
          status: { from: 'ACTIVE', to: 'INACTIVE' },
          event_ids: [7, 9],
        }),
        ctx,
      ),
    ).toEqual(['Role: Organizer → Door staff', 'Status: Active → Inactive', 'Events: Summer concert, #9']);
  });

  it('names the organizers an organizer is limited to, and none as all of them', () => {
    expect(
      auditDetails(
        line('member.updated', { role: { from: 'ADMIN', to: 'ORGANIZER' }, organizer_ids: { from: [], to: [1, 2] } }),
        ctx,
      ),
    ).toEqual(['Role: Admin → Organizer', 'Organizers: All organizers → A Presents, B Live']);
    expect(auditDetails(line('member.updated', { organizer_ids: { from: [2, 9], to: [] } }), ctx)).toEqual([
      'Organizers: B Live, #9 → All organizers',
    ]);
    expect(auditDetails(line('member.invited', { role: 'ORGANIZER', organizer_ids: [1] }), ctx)).toEqual([
      'Role: Organizer',
      'Organizers: A Presents',
    ]);
    expect(auditDetails(line('member.invited', { role: 'ORGANIZER', organizer_ids: [] }), ctx)).toEqual([
      'Role: Organizer',
      'Organizers: All organizers',
    ]);
  });

  it("names an event's long texts without their content, and its status", () => {
    expect(
      auditDetails(
        line('event.settings_updated', {
          seo_title: { from: 'Old', to: 'New' },
          texts: ['pre_checkout_message', 'email_footer_message'],
        }),
        ctx,
      ),
    ).toEqual(['SEO title: Old → New', 'Pre-checkout message: edited', 'Footer message for e-mails: edited']);
    expect(auditDetails(line('event.status_changed', { status: { from: 'DRAFT', to: 'LIVE' } }), ctx)).toEqual([
      'Status: Draft → Live',
    ]);
  });

  it('says what a new key, a new member or a sign-in came with', () => {
    expect(auditDetails(line('api_key.created', { access: 'READ', event_ids: [], expires_at: null }), ctx)).toEqual([
      'Access: Read-only',
      'Events: All events',
      'Expires: Never',
    ]);
    expect(auditDetails(line('member.invited', { role: 'ADMIN' }), ctx)).toEqual(['Role: Admin']);
    expect(auditDetails(line('auth.signed_in', { country: 'DE' }), ctx)).toEqual(['Country: Germany']);
    expect(auditDetails(line('auth.signed_in', {}), ctx)).toEqual([]);
  });

  it('names the single sign-on lines: a sign-in through it, a person it brought in, its set-up, changes and removal', () => {
    expect(auditActionLabel(line('auth.signed_in', { method: 'sso', country: 'DE' }), i18n)).toBe(
      'Signed in with single sign-on',
    );
    expect(auditDetails(line('auth.signed_in', { method: 'sso', country: 'DE' }), ctx)).toEqual(['Country: Germany']);
    expect(auditActionLabel(line('member.joined_by_sso', { role: 'DOOR_STAFF' }), i18n)).toBe(
      'Joined with single sign-on',
    );
    expect(auditDetails(line('member.joined_by_sso', { role: 'DOOR_STAFF' }), ctx)).toEqual(['Role: Door staff']);

    expect(auditActionLabel(line('account.sso_updated', {}), i18n)).toBe('Changed the single sign-on');
    // The first set-up: what each setting was set to.
    expect(
      auditDetails(
        line('account.sso_updated', {
          issuer: { from: null, to: 'https://login.example.com' },
          client_id: { from: null, to: 'admitone' },
          default_role: { from: null, to: 'ORGANIZER' },
          enabled: { from: null, to: true },
        }),
        ctx,
      ),
    ).toEqual([
      'Issuer URL: https://login.example.com',
      'Client ID: admitone',
      'Default role for new people: Organizer',
      'Enabled: Yes',
    ]);
    // A change: before and after; the secret only by name.
    expect(
      auditDetails(
        line('account.sso_updated', {
          default_role: { from: 'ORGANIZER', to: 'BOX_OFFICE' },
          enabled: { from: true, to: false },
          client_secret: { from: '…', to: '…' },
        }),
        ctx,
      ),
    ).toEqual(['Default role for new people: Organizer → Box office', 'Enabled: Yes → No', 'Client secret: replaced']);

    expect(auditActionLabel(line('account.sso_removed', { issuer: 'https://login.example.com' }), i18n)).toBe(
      'Removed the single sign-on',
    );
    expect(auditDetails(line('account.sso_removed', { issuer: 'https://login.example.com' }), ctx)).toEqual([
      'Issuer URL: https://login.example.com',
    ]);
  });

  it("names a ticket admitted anyway at the door: the list, what it refused, in the scan card's words, and the reason", () => {
    const overridden = line('check_in.overridden', {
      list: 'VIP lounge',
      reason: 'Upgraded by the promoter',
      refused: ['NOT_ON_LIST', 'LIST_EXPIRED'],
    });
    expect(auditActionLabel(overridden, i18n)).toBe('Admitted anyway at the door');
    expect(auditDetails(overridden, ctx)).toEqual([
      'Check-in list: VIP lounge',
      'Refused: Not on this list, List closed',
      'Reason: Upgraded by the promoter',
    ]);
    // The event's first list has no name of its own; a long reason is shown whole.
    const long = 'The promoter upgraded this guest at the gate. '.repeat(4).trim();
    expect(
      auditDetails(line('check_in.overridden', { list: null, reason: long, refused: ['AWAITING_PAYMENT'] }), ctx),
    ).toEqual(['Check-in list: All tickets', 'Refused: Awaiting payment', `Reason: ${long}`]);
  });

  it("describes an order change as the order's history does, with its amount", () => {
    expect(auditDetails(line('order.changed', { kind: 'REFUNDED', amount: 1250, cancelled: true }), ctx)).toEqual([
      '€12.50',
      'the order is cancelled too',
    ]);
  });

  it("gives an export's format and filters, a webhook's events in short", () => {
    expect(
      auditDetails(
        line('export.personal_data', {
          kind: 'orders',
          format: 'xlsx',
          filters: { query: 'ada', filter_fields: { status: 'CANCELLED' } },
        }),
        ctx,
      ),
    ).toEqual(['Format: Excel', 'Filters: query: ada, Status: CANCELLED']);
    expect(
      auditDetails(
        line('webhook.updated', {
          enabled: { from: true, to: false },
          event_id: { from: null, to: 7 },
        }),
        ctx,
      ),
    ).toEqual(['Enabled: Yes → No', 'Event: All events → Summer concert']);
    const [types] = auditDetails(
      line('webhook.created', {
        event_types: ['order.created', 'order.updated', 'order.cancelled', 'order.refunded', 'attendee.created'],
      }),
      ctx,
    );
    expect(types).toMatch(/^Events to send: .+, .+, .+, 2 more$/);
  });
});
