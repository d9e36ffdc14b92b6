import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('platform', () => {
  it('answers unknown API routes with a 404 in the error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/events/1/nothing'],
      ['DELETE', '/api/users/me/nothing'],
    ] as const) {
      const res = await call(ctx.app, method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'ROUTE_NOT_FOUND', message: 'This address does not exist.' } });
    }
  });

  it('answers a known route asked with another method with a 405 and Allow', async () => {
    const res = await call(ctx.app, 'DELETE', '/api/users/me');
    expect(res.statusCode).toBe(405);
    expect(String(res.headers.allow)).toContain('GET');
    expect(res.json().error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('publishes an OpenAPI document of every route, with a browsable page', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/register',
      '/api/auth/confirm-sign-up/{token}',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/forgot-password',
      '/api/auth/reset-password/{token}',
      '/api/users/me',
      '/api/organizers',
      '/api/organizers/{id}',
      '/api/events',
      '/api/events/{id}',
      '/api/users',
      '/api/users/{id}',
      '/api/users/me/password',
      '/api/users/me/email',
      '/api/users/{id}/confirm-email/{token}',
      '/api/users/{id}/email-change/{token}',
      '/api/users/{id}/email-change',
      '/api/users/{id}/invitation',
      '/api/users/{id}/resend-email-confirmation',
      '/api/auth/invitation/{token}',
      '/api/auth/switch-account',
      '/api/accounts/{id}',
      '/api/accounts/{id}/taxes-and-fees',
      '/api/accounts/{id}/taxes-and-fees/{taxOrFeeId}',
      '/api/events/{id}/status',
      '/api/events/{id}/settings',
      '/api/events/{id}/duplicate',
      '/api/events/{id}/images',
      '/api/events/{id}/images/{imageId}',
      '/api/organizers/{id}/images',
      '/api/events/{eventId}/tickets',
      '/api/events/{eventId}/tickets/{ticketId}',
      '/api/events/{eventId}/tickets/sort',
      '/api/events/{eventId}/capacity-assignments',
      '/api/events/{eventId}/capacity-assignments/{capacityId}',
      '/api/events/{eventId}/promo-codes',
      '/api/events/{eventId}/promo-codes/{promoId}',
      '/api/events/{eventId}/questions',
      '/api/events/{eventId}/questions/{questionId}',
      '/api/events/{eventId}/questions/sort',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/api/events'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['title', 'organizer_id', 'start_date', 'timezone', 'currency']),
    );
    const page = await call(ctx.app, 'GET', '/api/docs');
    expect([200, 302]).toContain(page.statusCode);
  });

  it('declares the answer of every route that answers with JSON (what leaves the server is what the schema names)', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    // Routes without a JSON answer: 204 (no body), files and streams, or (the public event) bytes already
    // serialised and compressed from the cache — each named here so a new route cannot slip through.
    const withoutJson = new Set([
      'DELETE /api/accounts/{id}/single-sign-on',
      'DELETE /api/accounts/{id}/payment-connection/mollie',
      // Wallet passes: files, a redirect to Google, and the PassKit web service's empty answers (Apple's protocol).
      'GET /api/public/events/{eventId}/attendees/{shortId}/wallet.pkpass',
      'GET /api/public/events/{eventId}/attendees/{shortId}/google-wallet',
      'GET /api/public/wallet/logos/{imageId}',
      'POST /api/public/wallet/apple/v1/devices/{deviceId}/registrations/{passTypeId}/{serial}',
      'DELETE /api/public/wallet/apple/v1/devices/{deviceId}/registrations/{passTypeId}/{serial}',
      'GET /api/public/wallet/apple/v1/passes/{passTypeId}/{serial}',
      'POST /api/public/wallet/apple/v1/log',
      // Invoices as PDFs and e-invoices (XML).
      'GET /api/events/{eventId}/invoices/{invoiceId}/pdf',
      'GET /api/public/events/{eventId}/order/{shortId}/invoices/{invoiceId}/pdf',
      'GET /api/events/{eventId}/invoices/{invoiceId}/e-invoice',
      'GET /api/public/events/{eventId}/order/{shortId}/invoices/{invoiceId}/e-invoice',
      'POST /api/auth/logout',
      'DELETE /api/users/me/sessions',
      'DELETE /api/users/me/sessions/{id}',
      'DELETE /api/users/me/passkeys/{id}',
      'DELETE /api/users/{id}/invitation',
      'DELETE /api/organizers/{id}/images/{imageId}',
      'DELETE /api/organizers/{organizerId}/seating-plans/{planId}',
      'DELETE /api/events/{eventId}/seating/holds/{holdId}',
      'DELETE /api/events/{id}/images/{imageId}',
      'DELETE /api/events/{id}',
      'DELETE /api/events/{eventId}/tickets/{ticketId}',
      'DELETE /api/events/{eventId}/product-categories/{categoryId}',
      'DELETE /api/events/{eventId}/capacity-assignments/{capacityId}',
      'DELETE /api/events/{eventId}/dates/{dateId}',
      'DELETE /api/events/{eventId}/promo-codes/{promoId}',
      'DELETE /api/events/{eventId}/affiliates/{affiliateId}',
      'DELETE /api/events/{eventId}/questions/{questionId}',
      'DELETE /api/events/{eventId}/messages/{messageId}',
      'DELETE /api/accounts/{id}/taxes-and-fees/{taxOrFeeId}',
      'GET /api/events/{eventId}/affiliates/export',
      'GET /api/events/{eventId}/attendees/export',
      'GET /api/accounts/{id}/audit-log/export',
      'GET /api/events/{eventId}/orders/export',
      'GET /api/events/{eventId}/invoices/export',
      'GET /api/organizers/{id}/invoices/export',
      'GET /api/events/{eventId}/orders/{orderId}/files/{fileId}',
      'GET /api/events/{eventId}/check-ins/export',
      'GET /api/events/{eventId}/waitlist/export',
      'GET /api/events/{eventId}/box-office/shifts/export',
      'GET /api/events/{eventId}/reports/{report}/export',
      'GET /api/reports/sales-by-events/export',
      'DELETE /api/events/{eventId}/waitlist/{entryId}',
      'DELETE /api/events/{eventId}/check-in-lists/{listId}',
      'DELETE /api/api-keys/{id}',
      'DELETE /api/webhooks/{id}',
      'DELETE /api/events/{eventId}/automations/{automationId}',
      'DELETE /api/accounts/{id}/automations/{automationId}',
      'GET /api/public/events/{eventId}',
      'GET /api/public/events/{eventId}/seating',
      'GET /api/public/events/{eventId}/attendees/{shortId}/qr.svg',
      'GET /api/public/events/{eventId}/attendees/{shortId}/calendar.ics',
      'POST /api/public/events/{eventId}/views',
    ]);
    const undeclared: string[] = [];
    const seen = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${path}`;
        seen.add(key);
        if (withoutJson.has(key)) continue;
        const ok = Object.entries(op.responses ?? {}).some(
          ([status, r]) => /^2\d\d$/.test(status) && r.content !== undefined,
        );
        if (!ok) undeclared.push(key);
      }
    }
    expect(undeclared).toEqual([]);
    expect(
      [...withoutJson].filter((k) => !seen.has(k)),
      'exceptions for routes that no longer exist',
    ).toEqual([]);
  });

  it('sends security headers', async () => {
    const res = await call(ctx.app, 'GET', '/api/nope');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
