import {
  addPasskeyBody,
  affiliateBody,
  allocationBody,
  automationBody,
  boxOfficeSaleBody,
  bulkEventDatesBody,
  cancelEventDateBody,
  capacityAssignmentBody,
  cardSaleBody,
  categoryArrangementBody,
  changeEmailBody,
  changeOrderDateBody,
  changePasswordBody,
  checkInBatchBody,
  checkInListBody,
  checkInScan,
  checkoutInvoiceBody,
  claimBody,
  closeShiftBody,
  completeCardSaleBody,
  confirmTotpBody,
  contentTranslationBody,
  createApiKeyBody,
  createAttendeeBody,
  createEventBody,
  dateRuleBody,
  duplicateEventBody,
  editAttendeeBody,
  editBuyerBody,
  EMPTY_SEATING_LAYOUT,
  eventDateBody,
  eventSeatingBody,
  eventStatusBody,
  inviteUserBody,
  invoiceSettingsBody,
  mollieReturnBody,
  moveAttendeeSeatBody,
  offlineSaleBody,
  openShiftBody,
  organizerBody,
  productCategoryBody,
  promoCodeBody,
  questionBody,
  questionSortBody,
  refundOrderBody,
  removePasskeyBody,
  seatHoldBody,
  seatingImportBody,
  seatingPlanBody,
  sendMessageBody,
  singleSignOnBody,
  switchAccountBody,
  taxOrFeeBody,
  ticketBody,
  ticketDateBody,
  ticketSortBody,
  twoFactorPasswordBody,
  updateAccountBody,
  updateEventBody,
  updateEventDateBody,
  updateEventSettingsBody,
  updateMeBody,
  updateOrganizerBody,
  updateUserBody,
  webhookBody,
} from '@admitone/shared';
import type { ZodType } from 'zod';

import type { TenantWorld } from './tenant-world.js';

/**
 * Who may call a route:
 * - `public`: nobody needs a token (public pages, checkout, login and friends);
 * - `session`: any logged-in user, whatever the role (their own profile and session);
 * - `door`: whoever checks people in at the event — Organizer and Admin roles, and door staff given it;
 * - `member`: a member allowed to manage events or organizers — Organizer and Admin roles both (door staff: 403);
 * - `admin`: admins only (users.manage, account.manage, taxes.manage, payments.manage).
 */
export type Access = 'public' | 'session' | 'door' | 'member' | 'admin';

export interface RouteRule {
  access: Access;
  /** A body the route's contract accepts (checked with `schema`), so a 422 cannot hide a missing check. */
  body?: { schema: ZodType; value: (w: TenantWorld) => unknown };
  /** A multipart image upload of this type instead of a JSON body. */
  upload?: { type: string; width: number; height: number };
  /** A query string the route's contract accepts. */
  query?: string;
  /**
   * API keys are refused (403) whatever their access: the team and the keys themselves (the `session` class is closed
   * to keys too).
   */
  noKeys?: true;
  /** Values for path parameters other than the defaults in `pathFor`. */
  params?: Record<string, (w: TenantWorld) => number | string>;
}

const body = <T>(schema: ZodType, value: (w: TenantWorld) => T) => ({ schema, value });
const person = { first_name: 'Mallory', last_name: 'Intruder', email: 'mallory@example.test' };
const taxBody = body(taxOrFeeBody, () => ({ name: 'Sneaky fee', type: 'FEE', calculation_type: 'FIXED', rate: 100 }));
const ticketEdit = body(ticketBody, () => ({ name: 'Free for all', type: 'FREE', quantity: 1 }));
const capacityEdit = body(capacityAssignmentBody, () => ({ name: 'Closed', capacity: 0, applies_to: 'ALL' }));
const promoEdit = body(promoCodeBody, () => ({ code: 'EVERYTHING-FREE', discount_type: 'PERCENTAGE', discount: 100 }));
const affiliateEdit = body(affiliateBody, () => ({ name: 'Mallory', code: 'MALLORY', email: 'mallory@example.test' }));
const questionEdit = body(questionBody, () => ({ title: 'Your card number?', type: 'SINGLE_LINE_TEXT' }));
const seatingPlanEdit = body(seatingPlanBody, () => ({ name: 'Emptied', layout: EMPTY_SEATING_LAYOUT }));
const checkInListEdit = body(checkInListBody, () => ({ name: 'Everyone in', all_tickets: true }));
const scan = (w: TenantWorld) => ({ code: w.attendeeShortId, action: 'CHECK_IN' as const });
const pendingUser = { id: (w: TenantWorld) => w.pendingUserId };
const webhook = { id: (w: TenantWorld) => w.webhookId };
// A public address: the matrix's app does not allow private ones (nothing is delivered in these tests).
const webhookEdit = body(webhookBody, () => ({ url: 'https://93.184.216.34/hook', event_types: ['order.created'] }));

/**
 * Every route of the OpenAPI document, keyed `METHOD /path` as the document spells it. A route missing
 * here fails tenant-matrix.test.ts, so a new route cannot skip the isolation and role checks.
 */
export const ROUTE_ACCESS: Record<string, RouteRule> = {
  'GET /api/health': { access: 'public' },
  'GET /api/health/live': { access: 'public' },
  'GET /api/health/ready': { access: 'public' },

  // auth: public except logging out and switching account
  'POST /api/auth/register': { access: 'public' },
  'POST /api/auth/confirm-sign-up/{token}': { access: 'public' },
  'POST /api/auth/login': { access: 'public' },
  'POST /api/auth/login/two-factor': { access: 'public' },
  'POST /api/auth/login/two-factor/passkey-options': { access: 'public' },
  'POST /api/auth/passkey/options': { access: 'public' },
  'POST /api/auth/passkey': { access: 'public' },
  'POST /api/auth/sso/start': { access: 'public' },
  'POST /api/auth/sso/callback': { access: 'public' },
  'POST /api/auth/logout': { access: 'session' },
  'POST /api/auth/forgot-password': { access: 'public' },
  'GET /api/auth/reset-password/{token}': { access: 'public' },
  'POST /api/auth/reset-password/{token}': { access: 'public' },
  'POST /api/auth/switch-account': {
    access: 'session',
    body: body(switchAccountBody, (w) => ({ account_id: w.accountId })),
  },
  'GET /api/auth/invitation/{token}': { access: 'public' },
  'POST /api/auth/invitation/{token}': { access: 'public' },

  // the caller's own profile; ids in the path must be the caller's own
  'GET /api/users/me': { access: 'session' },
  'PUT /api/users/me': { access: 'session', body: body(updateMeBody, () => ({ name: 'Renamed' })) },
  'PUT /api/users/me/password': {
    access: 'session',
    body: body(changePasswordBody, () => ({
      current_password: 'wrong but well formed',
      password: 'another horse battery',
      password_confirmation: 'another horse battery',
    })),
  },
  'PUT /api/users/me/email': {
    access: 'session',
    body: body(changeEmailBody, () => ({ email: 'new@example.test', current_password: 'wrong but well formed' })),
  },
  'POST /api/users/{id}/email-change/{token}': { access: 'session' },
  'DELETE /api/users/{id}/email-change': { access: 'session' },
  'POST /api/users/{id}/confirm-email/{token}': { access: 'session' },
  'POST /api/users/{id}/resend-email-confirmation': { access: 'session' },
  'GET /api/users/me/two-factor': { access: 'session' },
  'POST /api/users/me/two-factor/totp': { access: 'session' },
  'POST /api/users/me/two-factor/totp/confirm': {
    access: 'session',
    body: body(confirmTotpBody, () => ({ code: '123456' })),
  },
  'POST /api/users/me/two-factor/disable': {
    access: 'session',
    body: body(twoFactorPasswordBody, () => ({ current_password: 'wrong but well formed' })),
  },
  'POST /api/users/me/two-factor/recovery-codes': {
    access: 'session',
    body: body(twoFactorPasswordBody, () => ({ current_password: 'wrong but well formed' })),
  },
  'GET /api/users/me/passkeys': { access: 'session' },
  'POST /api/users/me/passkeys/options': { access: 'session' },
  'POST /api/users/me/passkeys': {
    access: 'session',
    body: body(addPasskeyBody, () => ({
      name: 'Laptop',
      ceremony: 'not-a-real-ceremony-0000',
      credential: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', attestationObject: 'oA' },
        clientExtensionResults: {},
      },
    })),
  },
  // No passkey of A has this id: another account's admin is answered as for any id not theirs.
  'DELETE /api/users/me/passkeys/{id}': {
    access: 'session',
    params: { id: () => 987_654 },
    body: body(removePasskeyBody, () => ({ current_password: 'wrong but well formed' })),
  },
  'GET /api/users/me/sessions': { access: 'session' },
  'DELETE /api/users/me/sessions/{id}': { access: 'session', params: { id: (w) => w.adminSessionId } },
  'DELETE /api/users/me/sessions': { access: 'session' },

  // the team (admins; anyone may read themselves)
  'GET /api/users': { access: 'admin', noKeys: true },
  'POST /api/users': {
    access: 'admin',
    noKeys: true,
    body: body(inviteUserBody, () => ({ email: 'mallory@example.test', role: 'ADMIN' })),
  },
  'GET /api/users/{id}': { access: 'admin', noKeys: true },
  'PUT /api/users/{id}': {
    access: 'admin',
    noKeys: true,
    body: body(updateUserBody, () => ({ status: 'INACTIVE' })),
    params: pendingUser,
  },
  'POST /api/users/{id}/invitation': { access: 'admin', noKeys: true, params: pendingUser },
  'DELETE /api/users/{id}/invitation': { access: 'admin', noKeys: true, params: pendingUser },
  'DELETE /api/users/{id}/two-factor': { access: 'admin', noKeys: true, params: pendingUser },

  // API keys (admins, never with a key)
  'GET /api/api-keys': { access: 'admin', noKeys: true },
  'POST /api/api-keys': {
    access: 'admin',
    noKeys: true,
    body: body(createApiKeyBody, () => ({ name: 'Mallory', access: 'READ_WRITE' })),
  },
  'DELETE /api/api-keys/{id}': { access: 'admin', noKeys: true, params: { id: (w) => w.apiKeyId } },

  // webhooks (admins, and admins' read-write keys)
  'GET /api/webhooks': { access: 'admin' },
  'POST /api/webhooks': { access: 'admin', body: webhookEdit },
  'GET /api/webhooks/{id}': { access: 'admin', params: webhook },
  'PUT /api/webhooks/{id}': { access: 'admin', body: webhookEdit, params: webhook },
  'DELETE /api/webhooks/{id}': { access: 'admin', params: webhook },
  'POST /api/webhooks/{id}/secret': { access: 'admin', params: webhook },
  'POST /api/webhooks/{id}/test': { access: 'admin', params: webhook },
  'GET /api/webhooks/{id}/deliveries': { access: 'admin', params: webhook },
  'GET /api/webhooks/{id}/deliveries/{deliveryId}': {
    access: 'admin',
    params: { ...webhook, deliveryId: (w) => w.webhookDeliveryId },
  },
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend': {
    access: 'admin',
    params: { ...webhook, deliveryId: (w) => w.webhookDeliveryId },
  },

  // the account
  'GET /api/accounts/{id}': { access: 'session' },
  'PUT /api/accounts/{id}': { access: 'admin', body: body(updateAccountBody, () => ({ name: 'Taken over' })) },
  'GET /api/accounts/{id}/mail-delivery': { access: 'member' },
  'GET /api/accounts/{id}/single-sign-on': { access: 'admin' },
  'PUT /api/accounts/{id}/single-sign-on': {
    access: 'admin',
    // Nothing answers there: a caller let through would get 422, a refused one 403 or 404 first.
    body: body(singleSignOnBody, () => ({ issuer: 'https://sso.invalid', client_id: 'taken', client_secret: 'over' })),
  },
  'DELETE /api/accounts/{id}/single-sign-on': { access: 'admin' },
  'GET /api/accounts/{id}/taxes-and-fees': { access: 'member' },
  'POST /api/accounts/{id}/taxes-and-fees': { access: 'admin', body: taxBody },
  'PUT /api/accounts/{id}/taxes-and-fees/{taxOrFeeId}': { access: 'admin', body: taxBody },
  'DELETE /api/accounts/{id}/taxes-and-fees/{taxOrFeeId}': { access: 'admin' },
  'GET /api/accounts/{id}/payment-connection': { access: 'member' },
  'POST /api/accounts/{id}/payment-connection/stripe': { access: 'admin' },
  'POST /api/accounts/{id}/payment-connection/refresh': { access: 'admin' },
  'GET /api/accounts/{id}/payment-connection/mollie': { access: 'member' },
  'POST /api/accounts/{id}/payment-connection/mollie': { access: 'admin' },
  'POST /api/accounts/{id}/payment-connection/mollie/return': {
    access: 'admin',
    body: body(mollieReturnBody, () => ({ state: 'not-a-state', error: 'access_denied' })),
  },
  'POST /api/accounts/{id}/payment-connection/mollie/refresh': { access: 'admin' },
  'DELETE /api/accounts/{id}/payment-connection/mollie': { access: 'admin' },
  'GET /api/accounts/{id}/automations': { access: 'admin' },
  'GET /api/accounts/{id}/audit-log': { access: 'admin' },
  'GET /api/accounts/{id}/audit-log/export': { access: 'admin' },
  'POST /api/accounts/{id}/automations': {
    access: 'admin',
    body: body(automationBody, () => ({ kind: 'REMINDER', offset_minutes: 600 })),
  },
  'PUT /api/accounts/{id}/automations/{automationId}': {
    access: 'admin',
    params: { automationId: (w) => w.defaultAutomationId },
    body: body(automationBody, () => ({ kind: 'REMINDER', offset_minutes: 600 })),
  },
  'DELETE /api/accounts/{id}/automations/{automationId}': {
    access: 'admin',
    params: { automationId: (w) => w.defaultAutomationId },
  },

  // organizers and events
  'POST /api/organizers': {
    access: 'member',
    body: body(organizerBody, () => ({ name: 'Mallory Events', email: 'mallory@example.test' })),
  },
  'GET /api/organizers': { access: 'member' },
  'GET /api/organizers/{id}': { access: 'member' },
  'PUT /api/organizers/{id}': { access: 'member', body: body(updateOrganizerBody, () => ({ name: 'Mallory Events' })) },
  'GET /api/organizers/{id}/invoice-settings': { access: 'member' },
  'PUT /api/organizers/{id}/invoice-settings': {
    access: 'member',
    body: body(invoiceSettingsBody, () => ({
      legal_name: 'Mallory Ltd',
      address: { address_line_1: '1 Main St', zip_or_postal_code: '1000', city: 'Brussels', country: 'BE' },
    })),
  },
  'GET /api/organizers/{id}/invoices/export': { access: 'member', query: '?format=csv' },
  'GET /api/organizers/{id}/images': { access: 'member' },
  'POST /api/organizers/{id}/images': { access: 'member', upload: { type: 'ORGANIZER_LOGO', width: 120, height: 120 } },
  'DELETE /api/organizers/{id}/images/{imageId}': { access: 'member', params: { imageId: (w) => w.logoImageId } },
  'GET /api/organizers/{organizerId}/seating-plans': { access: 'member' },
  'POST /api/organizers/{organizerId}/seating-plans': { access: 'member', body: seatingPlanEdit },
  'POST /api/organizers/{organizerId}/seating-plans/import': {
    access: 'member',
    body: body(seatingImportBody, () => ({ pretix: EMPTY_SEATING_LAYOUT })),
  },
  'GET /api/organizers/{organizerId}/seating-plans/{planId}': { access: 'member' },
  'PUT /api/organizers/{organizerId}/seating-plans/{planId}': { access: 'member', body: seatingPlanEdit },
  'DELETE /api/organizers/{organizerId}/seating-plans/{planId}': { access: 'member' },
  'POST /api/organizers/{organizerId}/seating-plans/{planId}/publish': { access: 'member' },
  'GET /api/organizers/{organizerId}/seating-plans/{planId}/versions/{version}': { access: 'member' },
  'GET /api/organizers/{organizerId}/seating-plans/{planId}/export': { access: 'member' },
  'GET /api/events/{eventId}/seating': { access: 'member' },
  'PUT /api/events/{eventId}/seating': { access: 'member', body: body(eventSeatingBody, () => ({ plan_id: null })) },
  'GET /api/events/{eventId}/seating/holds': { access: 'member' },
  'POST /api/events/{eventId}/seating/holds': {
    access: 'member',
    body: body(seatHoldBody, () => ({ name: 'House', seats: [1] })),
  },
  'PUT /api/events/{eventId}/seating/holds/{holdId}': {
    access: 'member',
    body: body(seatHoldBody, () => ({ name: 'House', seats: [1] })),
  },
  'DELETE /api/events/{eventId}/seating/holds/{holdId}': { access: 'member' },
  'GET /api/events/{eventId}/seating/places': { access: 'member' },
  // The box office (#41): organizers and admins (and box-office staff, a role the world has none of); door staff 403.
  'GET /api/events/{eventId}/box-office': { access: 'member' },
  'GET /api/events/{eventId}/box-office/shifts': { access: 'member' },
  'GET /api/events/{eventId}/box-office/event': { access: 'member' },
  'POST /api/events/{eventId}/box-office/shifts': { access: 'member', body: body(openShiftBody, () => ({ float: 0 })) },
  'POST /api/events/{eventId}/box-office/shifts/{shiftId}/close': {
    access: 'member',
    body: body(closeShiftBody, () => ({ counted: [] })),
    params: { shiftId: () => 1 },
  },
  'POST /api/events/{eventId}/box-office/sales': {
    access: 'member',
    body: body(boxOfficeSaleBody, (w) => ({
      items: [{ ticket_id: w.ticketId, quantity: 1 }],
      expected_total: 0,
      payment: { method: 'COMPLIMENTARY', reason: 'Probe' },
    })),
  },
  'POST /api/events/{eventId}/box-office/sales/{orderId}/void': { access: 'member' },
  'GET /api/events/{eventId}/box-office/shifts/export': { access: 'member' },
  'GET /api/events/{eventId}/box-office/allocations/{dateId}': { access: 'member' },
  'PUT /api/events/{eventId}/box-office/allocations/{dateId}': {
    access: 'member',
    body: body(allocationBody, (w) => ({ items: [{ ticket_id: w.ticketId, quantity: 1 }] })),
  },
  'POST /api/events/{eventId}/box-office/card-sales': {
    access: 'member',
    body: body(cardSaleBody, (w) => ({ items: [{ ticket_id: w.ticketId, quantity: 1 }], expected_total: 1 })),
  },
  'POST /api/events/{eventId}/box-office/card-sales/{orderId}/complete': {
    access: 'member',
    body: body(completeCardSaleBody, () => ({})),
  },
  'POST /api/events/{eventId}/box-office/claims': {
    access: 'member',
    body: body(claimBody, (w) => ({ event_date_id: w.dateId })),
  },
  'POST /api/events/{eventId}/box-office/offline-sales': {
    access: 'member',
    body: body(offlineSaleBody, (w) => ({
      client_id: '7d0c6f1e-7a43-4a38-9a55-1f3e1b2c9d10',
      items: [{ ticket_id: w.ticketId, quantity: 1 }],
      unit_ids: [1],
      sold_at: '2030-01-01T10:00:00Z',
      expected_total: 0,
      payment: { method: 'COMPLIMENTARY', reason: 'Probe' },
    })),
  },
  'POST /api/events': {
    access: 'member',
    body: body(createEventBody, (w) => ({
      title: 'Mine',
      organizer_id: w.organizerId,
      start_date: '2030-07-01T19:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    })),
  },
  'GET /api/events': { access: 'member' },
  'GET /api/events/{id}': { access: 'member' },
  'PUT /api/events/{id}': { access: 'member', body: body(updateEventBody, () => ({ title: 'Cancelled, go home' })) },
  'DELETE /api/events/{id}': { access: 'member' },
  'PUT /api/events/{id}/settings': {
    access: 'member',
    body: body(updateEventSettingsBody, () => ({ support_email: 'mallory@example.test' })),
  },
  'GET /api/events/{id}/stats': { access: 'member', query: '?days=30' },
  'GET /api/events/{id}/payment-readiness': { access: 'member' },
  'GET /api/events/{id}/payment-options': { access: 'member' },
  'GET /api/events/{id}/preview': { access: 'member' },
  'PUT /api/events/{id}/status': { access: 'member', body: body(eventStatusBody, () => ({ status: 'ARCHIVED' })) },
  'POST /api/events/{id}/duplicate': {
    access: 'member',
    body: body(duplicateEventBody, () => ({ title: 'Stolen copy' })),
  },
  'GET /api/events/{id}/images': { access: 'member' },
  'POST /api/events/{id}/images': { access: 'member', upload: { type: 'EVENT_COVER', width: 900, height: 450 } },
  'DELETE /api/events/{id}/images/{imageId}': { access: 'member', params: { imageId: (w) => w.coverImageId } },

  // the event's catalogue
  'GET /api/events/{eventId}/tickets': { access: 'member' },
  'POST /api/events/{eventId}/tickets': { access: 'member', body: ticketEdit },
  'GET /api/events/{eventId}/tickets/{ticketId}': { access: 'member' },
  'PUT /api/events/{eventId}/tickets/{ticketId}': { access: 'member', body: ticketEdit },
  'DELETE /api/events/{eventId}/tickets/{ticketId}': { access: 'member', params: { ticketId: (w) => w.ticket2Id } },
  'PUT /api/events/{eventId}/tickets/sort': {
    access: 'member',
    body: body(ticketSortBody, (w) => ({ ticket_ids: [w.ticket2Id, w.ticketId] })),
  },
  'GET /api/events/{eventId}/product-categories': { access: 'member' },
  'POST /api/events/{eventId}/product-categories': {
    access: 'member',
    body: body(productCategoryBody, () => ({ name: 'Sneaky' })),
  },
  'PUT /api/events/{eventId}/product-categories/{categoryId}': {
    access: 'member',
    body: body(productCategoryBody, () => ({ name: 'Renamed' })),
  },
  'DELETE /api/events/{eventId}/product-categories/{categoryId}': { access: 'member' },
  'PUT /api/events/{eventId}/product-categories/arrangement': {
    access: 'member',
    body: body(categoryArrangementBody, (w) => ({
      categories: [
        { id: w.categoryId, ticket_ids: [w.ticket2Id] },
        { id: w.mainCategoryId, ticket_ids: [w.ticketId] },
      ],
    })),
  },
  'GET /api/events/{eventId}/capacity-assignments': { access: 'member' },
  'POST /api/events/{eventId}/capacity-assignments': { access: 'member', body: capacityEdit },
  'GET /api/events/{eventId}/capacity-assignments/{capacityId}': { access: 'member' },
  'PUT /api/events/{eventId}/capacity-assignments/{capacityId}': { access: 'member', body: capacityEdit },
  'DELETE /api/events/{eventId}/capacity-assignments/{capacityId}': { access: 'member' },
  'GET /api/events/{eventId}/dates': { access: 'member' },
  'POST /api/events/{eventId}/dates': {
    access: 'member',
    body: body(eventDateBody, () => ({ start_date: '2030-06-08T19:30' })),
  },
  'POST /api/events/{eventId}/dates/generate': {
    access: 'member',
    body: body(dateRuleBody, () => ({
      frequency: 'WEEKLY',
      weekdays: ['TU'],
      start_on: '2030-07-02',
      count: 2,
      times: ['19:30'],
    })),
  },
  'POST /api/events/{eventId}/dates/bulk': {
    access: 'member',
    body: body(bulkEventDatesBody, (w) => ({ ids: [w.dateId], label: 'Mallory' })),
  },
  'PATCH /api/events/{eventId}/dates/{dateId}': {
    access: 'member',
    body: body(updateEventDateBody, () => ({ label: 'Mallory' })),
  },
  'DELETE /api/events/{eventId}/dates/{dateId}': { access: 'member' },
  'GET /api/events/{eventId}/dates/{dateId}/cancel': { access: 'member' },
  'POST /api/events/{eventId}/dates/{dateId}/cancel': {
    access: 'member',
    body: body(cancelEventDateBody, () => ({ refund: true, message: 'Mallory' })),
  },
  'GET /api/events/{eventId}/dates/{dateId}/tickets': { access: 'member' },
  'PATCH /api/events/{eventId}/dates/{dateId}/tickets/{ticketId}': {
    access: 'member',
    body: body(ticketDateBody, () => ({ enabled: false })),
  },
  'GET /api/events/{eventId}/promo-codes': { access: 'member' },
  'POST /api/events/{eventId}/promo-codes': { access: 'member', body: promoEdit },
  'GET /api/events/{eventId}/promo-codes/{promoId}': { access: 'member' },
  'PUT /api/events/{eventId}/promo-codes/{promoId}': { access: 'member', body: promoEdit },
  'DELETE /api/events/{eventId}/promo-codes/{promoId}': { access: 'member' },
  'GET /api/events/{eventId}/affiliates': { access: 'member' },
  'POST /api/events/{eventId}/affiliates': { access: 'member', body: affiliateEdit },
  'GET /api/events/{eventId}/affiliates/export': { access: 'member' },
  'GET /api/events/{eventId}/affiliates/{affiliateId}': { access: 'member' },
  'PUT /api/events/{eventId}/affiliates/{affiliateId}': { access: 'member', body: affiliateEdit },
  'DELETE /api/events/{eventId}/affiliates/{affiliateId}': { access: 'member' },
  'GET /api/events/{eventId}/questions': { access: 'member' },
  'POST /api/events/{eventId}/questions': { access: 'member', body: questionEdit },
  'GET /api/events/{eventId}/questions/{questionId}': { access: 'member' },
  'PUT /api/events/{eventId}/questions/{questionId}': { access: 'member', body: questionEdit },
  'DELETE /api/events/{eventId}/questions/{questionId}': { access: 'member' },
  'PUT /api/events/{eventId}/questions/sort': {
    access: 'member',
    body: body(questionSortBody, (w) => ({ question_ids: [w.questionId] })),
  },

  // orders, attendees, messages, exports, check-in
  'GET /api/events/{eventId}/orders': { access: 'member' },
  'GET /api/events/{eventId}/orders/{orderId}': { access: 'member' },
  'POST /api/events/{eventId}/orders/{orderId}/mark-as-paid': { access: 'member' },
  'POST /api/events/{eventId}/orders/{orderId}/cancel': { access: 'member' },
  'POST /api/events/{eventId}/orders/{orderId}/date': {
    access: 'member',
    body: body(changeOrderDateBody, (w) => ({ event_date_id: w.dateId, notify_buyer: false })),
  },
  'POST /api/events/{eventId}/orders/{orderId}/resend-confirmation': { access: 'member' },
  'POST /api/events/{eventId}/orders/{orderId}/send-link': { access: 'member' },
  'GET /api/events/{eventId}/orders/{orderId}/mails': { access: 'member' },
  'GET /api/events/{eventId}/orders/{orderId}/invoices': { access: 'member' },
  'PUT /api/events/{eventId}/orders/{orderId}/invoice-details': {
    access: 'member',
    body: body(checkoutInvoiceBody, () => ({
      company: 'Mallory Ltd',
      address: { address_line_1: '1 Main St', zip_or_postal_code: '1000', city: 'Brussels', country: 'BE' },
    })),
  },
  'GET /api/events/{eventId}/invoices/{invoiceId}/pdf': { access: 'member' },
  'GET /api/events/{eventId}/invoices/{invoiceId}/e-invoice': { access: 'member', query: '?format=xrechnung-ubl' },
  'POST /api/events/{eventId}/orders/{orderId}/mails/{mailId}/send-again': {
    access: 'member',
    params: { mailId: (w) => w.orderMailId },
  },
  'GET /api/events/{eventId}/orders/{orderId}/buyer-link': { access: 'member', noKeys: true },
  'GET /api/events/{eventId}/orders/{orderId}/files/{fileId}': {
    access: 'member',
    params: { fileId: (w) => w.answerFileId },
  },
  'PUT /api/events/{eventId}/orders/{orderId}/buyer': { access: 'member', body: body(editBuyerBody, () => person) },
  'POST /api/events/{eventId}/orders/{orderId}/refund': {
    access: 'member',
    body: body(refundOrderBody, () => ({ amount: 100, cancel_order: true })),
  },
  'GET /api/events/{eventId}/attendees': { access: 'member' },
  'POST /api/events/{eventId}/attendees': {
    access: 'member',
    body: body(createAttendeeBody, (w) => ({ ticket_id: w.ticketId, ...person, send_ticket: false })),
  },
  'GET /api/events/{eventId}/attendees/{attendeeId}': { access: 'member' },
  'PUT /api/events/{eventId}/attendees/{attendeeId}': { access: 'member', body: body(editAttendeeBody, () => person) },
  'POST /api/events/{eventId}/attendees/{attendeeId}/seat': {
    access: 'member',
    body: body(moveAttendeeSeatBody, () => ({ seat_id: 1, send_ticket: false })),
  },
  'POST /api/events/{eventId}/attendees/{attendeeId}/cancel': { access: 'member' },
  'POST /api/events/{eventId}/attendees/{attendeeId}/reactivate': { access: 'member' },
  'POST /api/events/{eventId}/attendees/{attendeeId}/resend-ticket': { access: 'member' },
  'GET /api/events/{eventId}/messages': { access: 'member' },
  'POST /api/events/{eventId}/messages': {
    access: 'member',
    body: body(sendMessageBody, () => ({
      subject: 'Event cancelled',
      body: '<p>Refunds at mallory.example</p>',
      recipient_type: 'ALL_ATTENDEES',
      acknowledged_not_promotional: true,
    })),
  },
  'GET /api/events/{eventId}/messages/recipient-count': { access: 'member', query: '?recipient_type=ALL_ATTENDEES' },
  'GET /api/events/{eventId}/messages/{messageId}': { access: 'member' },
  'DELETE /api/events/{eventId}/messages/{messageId}': { access: 'member' },
  'POST /api/events/{eventId}/messages/{messageId}/retry-failed': { access: 'member' },
  'PUT /api/events/{eventId}/messages/{messageId}': {
    access: 'member',
    body: body(sendMessageBody, () => ({
      subject: 'Event cancelled',
      body: '<p>Refunds at mallory.example</p>',
      recipient_type: 'ALL_ATTENDEES',
      acknowledged_not_promotional: true,
      send_at: '2030-01-01T09:00',
    })),
  },
  'POST /api/events/{eventId}/messages/{messageId}/cancel': { access: 'member' },
  'GET /api/events/{eventId}/automations': { access: 'member' },
  'POST /api/events/{eventId}/automations': {
    access: 'member',
    body: body(automationBody, () => ({ kind: 'REMINDER', offset_minutes: 600 })),
  },
  'PUT /api/events/{eventId}/automations/{automationId}': {
    access: 'member',
    body: body(automationBody, () => ({ kind: 'REMINDER', offset_minutes: 600 })),
  },
  'DELETE /api/events/{eventId}/automations/{automationId}': { access: 'member' },
  'GET /api/events/{eventId}/automations/{automationId}/sends': { access: 'member' },
  'GET /api/events/{eventId}/attendees/export': { access: 'member' },
  'GET /api/events/{eventId}/orders/export': { access: 'member' },
  'GET /api/events/{eventId}/invoices/export': { access: 'member' },
  'GET /api/check-in/events': { access: 'door' },
  'GET /api/events/{eventId}/translations': { access: 'member' },
  'PUT /api/events/{eventId}/translations/{locale}': {
    access: 'member',
    params: { locale: () => 'de' },
    body: body(contentTranslationBody, (w) => ({
      event: { title: 'Übernommen' },
      tickets: [{ id: w.ticketId, name: 'Gekapert' }],
      questions: [{ id: w.questionId, title: 'Frage' }],
    })),
  },
  'GET /api/events/{eventId}/check-in': { access: 'door' },
  'GET /api/events/{eventId}/check-in/attendees': { access: 'door' },
  'GET /api/events/{eventId}/check-in/dates': { access: 'door' },
  'POST /api/events/{eventId}/check-ins': { access: 'door', body: body(checkInScan, scan) },
  'POST /api/events/{eventId}/check-ins/batch': {
    access: 'door',
    body: body(checkInBatchBody, (w) => ({ scans: [scan(w)] })),
  },
  'GET /api/events/{eventId}/check_in_stats': { access: 'door' },
  'GET /api/events/{eventId}/check-in-lists': { access: 'door' },
  'GET /api/events/{eventId}/check-in-lists/{listId}/attendees': { access: 'door' },
  'POST /api/events/{eventId}/check-in-lists/{listId}/check-ins': { access: 'door', body: body(checkInScan, scan) },
  'POST /api/events/{eventId}/check-in-lists/{listId}/check-ins/batch': {
    access: 'door',
    body: body(checkInBatchBody, (w) => ({ scans: [scan(w)] })),
  },
  'GET /api/events/{eventId}/check-in-lists/{listId}/stats': { access: 'door' },
  'GET /api/events/{eventId}/check-in-lists/{listId}/offline': { access: 'door' },
  'POST /api/events/{eventId}/check-in-lists': { access: 'member', body: checkInListEdit },
  'PUT /api/events/{eventId}/check-in-lists/{listId}': { access: 'member', body: checkInListEdit },
  'DELETE /api/events/{eventId}/check-in-lists/{listId}': { access: 'member' },
  'GET /api/events/{eventId}/check-in-lists/{listId}/staff-link': { access: 'member', noKeys: true },
  'POST /api/events/{eventId}/check-in-lists/{listId}/staff-link': { access: 'member' },
  'DELETE /api/events/{eventId}/check-in-lists/{listId}/staff-link': { access: 'member' },
  'GET /api/events/{eventId}/check-ins': { access: 'member' },
  'GET /api/events/{eventId}/check-ins/export': { access: 'member' },
  'GET /api/events/{eventId}/waitlist': { access: 'member' },
  'GET /api/events/{eventId}/waitlist/export': { access: 'member' },
  // Reports: an event's (the report named in the path) and the account's sales per event.
  'GET /api/events/{eventId}/reports/{report}': {
    access: 'member',
    query: '?from=2027-01-01&to=2027-12-31',
    params: { report: () => 'sales-by-product' },
  },
  'GET /api/events/{eventId}/reports/{report}/export': {
    access: 'member',
    query: '?format=xlsx&from=2027-01-01',
    params: { report: () => 'sales-by-day' },
  },
  'GET /api/reports/sales-by-events': { access: 'member', query: '?to=2030-12-31' },
  'GET /api/reports/sales-by-events/export': { access: 'member', query: '?format=csv' },
  'POST /api/events/{eventId}/waitlist/{entryId}/offer': { access: 'member' },
  'DELETE /api/events/{eventId}/waitlist/{entryId}': { access: 'member' },

  // public pages and checkout (the buyer's proof is the order's secret and the checkout token, a ticket's its short id;
  // not a login)
  'GET /api/public/events/{eventId}': { access: 'public' },
  'GET /api/public/events/{eventId}/dates/calendar': { access: 'public' },
  'GET /api/public/events/{eventId}/dates': { access: 'public' },
  'GET /api/public/events/{eventId}/seating': { access: 'public' },
  'GET /api/public/events/{eventId}/seating/availability': { access: 'public' },
  'GET /api/public/events/{eventId}/seating/best': { access: 'public' },
  'GET /api/public/events/{eventId}/promo-codes/{code}': { access: 'public' },
  'POST /api/public/events/{eventId}/views': { access: 'public' },
  'GET /api/public/legal': { access: 'public' },
  'GET /api/public/events/{eventId}/attendees/{shortId}': { access: 'public' },
  'GET /api/public/events/{eventId}/attendees/{shortId}/qr.svg': { access: 'public' },
  'GET /api/public/events/{eventId}/attendees/{shortId}/calendar.ics': { access: 'public' },
  'GET /api/public/events/{eventId}/attendees/{shortId}/wallet.pkpass': { access: 'public' },
  // The order's secret opens it, as the order (invoices.test.ts).
  'GET /api/public/events/{eventId}/order/{shortId}/invoices/{invoiceId}/pdf': { access: 'public' },
  'GET /api/public/events/{eventId}/order/{shortId}/invoices/{invoiceId}/e-invoice': {
    access: 'public',
    query: '?format=peppol',
  },
  'GET /api/public/events/{eventId}/attendees/{shortId}/google-wallet': { access: 'public' },
  // An organizer's logo as Google Wallet shows it (public, as the logo is on every event page).
  'GET /api/public/wallet/logos/{imageId}': { access: 'public' },
  // The PassKit web service: Apple devices, each call with the pass's own token (wallet-passes.test.ts).
  'POST /api/public/wallet/apple/v1/devices/{deviceId}/registrations/{passTypeId}/{serial}': { access: 'public' },
  'DELETE /api/public/wallet/apple/v1/devices/{deviceId}/registrations/{passTypeId}/{serial}': { access: 'public' },
  'GET /api/public/wallet/apple/v1/devices/{deviceId}/registrations/{passTypeId}': { access: 'public' },
  'GET /api/public/wallet/apple/v1/passes/{passTypeId}/{serial}': { access: 'public' },
  'POST /api/public/wallet/apple/v1/log': { access: 'public' },
  'POST /api/public/events/{eventId}/order': { access: 'public' },
  'GET /api/public/events/{eventId}/order/{shortId}': { access: 'public' },
  'PUT /api/public/events/{eventId}/order/{shortId}/details': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/extend': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/files': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/offline-payment': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/card-payment': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/card-payment/sync': { access: 'public' },
  'GET /api/public/events/{eventId}/order/{shortId}/payment-options': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/mollie-payment': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/resend-link': { access: 'public' },
  // The buyer's own changes: the order's secret opens the order (self-service.test.ts; 404 without it).
  'PUT /api/public/events/{eventId}/order/{shortId}/attendees/{attendeeShortId}': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/attendees/{attendeeShortId}/resend': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/attendees/{attendeeShortId}/transfer': { access: 'public' },
  'PUT /api/public/events/{eventId}/order/{shortId}/invoice-details': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/cancel': { access: 'public' },
  'GET /api/public/events/{eventId}/order/{shortId}/exchange': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/exchange': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/exchange/sync': { access: 'public' },
  'POST /api/public/events/{eventId}/order/{shortId}/pass-picks': { access: 'public' },
  'POST /api/public/webhooks/stripe': { access: 'public' },
  // Mollie's webhook carries only a payment id: its state is read from Mollie (mollie-payments.test.ts).
  'POST /api/public/webhooks/mollie': { access: 'public' },
  // Find my tickets: the same answer for any address (order-lookup.test.ts); the mailed link's token is its key.
  'POST /api/public/events/{eventId}/order-lookups': { access: 'public' },
  'GET /api/public/events/{eventId}/order-lookups/{token}': { access: 'public' },
  // The waitlist: joining answers the same for any address; the mailed links' tokens are their keys (waitlist.test.ts).
  'POST /api/public/events/{eventId}/waitlist': { access: 'public' },
  'GET /api/public/events/{eventId}/waitlist/{token}': { access: 'public' },
  'POST /api/public/events/{eventId}/waitlist/{token}/leave': { access: 'public' },
  // Automatic mail: the mailed links' tokens are their keys (automations.test.ts).
  'GET /api/public/events/{eventId}/recoveries/{token}': { access: 'public' },
  'GET /api/public/unsubscribe/{token}': { access: 'public' },
  'POST /api/public/unsubscribe/{token}': { access: 'public' },
  // A staff link's secret is its key (a guessed one finds nothing: STAFF_LINK_INVALID, tested in
  // check-in-lists.test.ts).
  'GET /api/public/check-in-links/{token}': { access: 'public' },
  'GET /api/public/check-in-links/{token}/attendees': { access: 'public' },
  'GET /api/public/check-in-links/{token}/dates': { access: 'public' },
  'POST /api/public/check-in-links/{token}/check-ins': { access: 'public' },
  'POST /api/public/check-in-links/{token}/check-ins/batch': { access: 'public' },
  'GET /api/public/check-in-links/{token}/stats': { access: 'public' },
  'GET /api/public/check-in-links/{token}/offline': { access: 'public' },
};

/** Account A's id for each path parameter (`{id}` depends on the resource it follows). */
export function pathFor(path: string, rule: RouteRule, w: TenantWorld): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const override = rule.params?.[name];
    if (override) return String(override(w));
    if (name === 'id') {
      if (path.startsWith('/api/users/')) return String(w.ownerId);
      if (path.startsWith('/api/accounts/')) return String(w.accountId);
      if (path.startsWith('/api/organizers/')) return String(w.organizerId);
      if (path.startsWith('/api/events/')) return String(w.eventId);
    }
    const ids: Record<string, number | string> = {
      eventId: w.eventId,
      ticketId: w.ticketId,
      capacityId: w.capacityId,
      organizerId: w.organizerId,
      planId: w.seatingPlanId,
      holdId: w.holdId,
      version: 1,
      dateId: w.dateId,
      categoryId: w.categoryId,
      listId: w.listId,
      promoId: w.promoId,
      affiliateId: w.affiliateId,
      questionId: w.questionId,
      orderId: w.orderId,
      invoiceId: w.invoiceId,
      attendeeId: w.attendeeId,
      messageId: w.messageId,
      automationId: w.automationId,
      entryId: w.entryId,
      taxOrFeeId: w.taxId,
      // A well-formed token: the id in front of it is what must not be someone else's.
      token: 'x'.repeat(32),
    };
    const value = ids[name];
    if (value === undefined)
      throw new Error(`no value for {${name}} in ${path}: add one to pathFor or the route's params`);
    return String(value);
  });
}
