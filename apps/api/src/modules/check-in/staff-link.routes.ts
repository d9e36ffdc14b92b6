import {
  ATTENDEE_SORTS,
  attendeeDtoSchema,
  attendeeListQuery,
  checkInBatchBody,
  checkInDateSchema,
  checkInOfflineSchema,
  checkInOutcomeSchema,
  checkInScan,
  checkInStatsQuery,
  checkInStatsSchema,
  oneOf,
  pageOf,
  staffCheckInSchema,
  staffLinkParams,
} from '@admitone/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppDeps } from '../../deps.js';
import { DomainError } from '../../shared/errors.js';
import { paginated } from '../../shared/pagination.js';
import { findCheckInEvent, outcomeForDoor } from './check-in-events.js';
import { checkInStatsOnList, listAttendeesOnList, offlineTickets } from './check-in-list-attendees.js';
import { checkInListViews, findListByToken } from './check-in-lists.repository.js';
import { deviceOf } from './device.js';
import { doorDates } from './door-date.js';
import { applyScan, applyScans, type ScanContext } from './scan.js';

const tags = ['check-in staff links'];
const FILTERS = ['ticket_id', 'status', 'checked_in', 'event_date_id'];

/**
 * A list's check-in screen for volunteers without an account: the staff link's secret is the key. It
 * opens that list's attendees (names and tickets, no e-mail addresses or payments) and nothing else; a
 * revoked or replaced link answers STAFF_LINK_INVALID on every request, queued scans included.
 */
export const staffLinkRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;

  async function listOf(token: string) {
    const list = await findListByToken(db, token);
    if (!list) throw new DomainError('STAFF_LINK_INVALID');
    return list;
  }

  async function context(req: FastifyRequest, token: string): Promise<ScanContext> {
    const list = await listOf(token);
    return {
      db,
      accountId: list.account_id,
      eventId: list.event_id,
      list,
      user: null,
      device: deviceOf(req.headers['user-agent']),
      now: deps.clock.now(),
      overrider: null,
    };
  }

  app.get(
    '/check-in-links/:token',
    {
      schema: {
        tags,
        summary: 'What a staff link opens: the event (title, dates, time zone) and its check-in list',
        params: staffLinkParams,
        response: { 200: oneOf(staffCheckInSchema) },
      },
    },
    async (req) => {
      const list = await listOf(req.params.token);
      const event = await findCheckInEvent(db, list.account_id, list.event_id);
      if (!event) throw new DomainError('STAFF_LINK_INVALID');
      const [view] = await checkInListViews(db, [list], deps.clock.now());
      return { data: { event, list: view! } };
    },
  );

  app.get(
    '/check-in-links/:token/dates',
    {
      schema: {
        tags,
        summary:
          "The dates of the link's event by start, for the door to choose the one it checks in (times, label, status)",
        params: staffLinkParams,
        response: { 200: oneOf(z.array(checkInDateSchema)) },
      },
    },
    async (req) => {
      const list = await listOf(req.params.token);
      return { data: await doorDates(db, list.event_id) };
    },
  );

  app.get(
    '/check-in-links/:token/attendees',
    {
      schema: {
        tags,
        summary:
          "The list's attendees: names and tickets, searched and paged (no e-mail addresses: not searched, not a sort)",
        params: staffLinkParams,
        querystring: attendeeListQuery,
        response: { 200: pageOf(attendeeDtoSchema) },
      },
    },
    async (req) => {
      const list = await listOf(req.params.token);
      // Names, ticket codes and order numbers: a volunteer sees no e-mail addresses, so cannot search or sort by them
      // either.
      const { rows, total, passedOn } = await listAttendeesOnList(db, list.event_id, list, req.query, {
        seesEmails: false,
      });
      return paginated(
        rows.map((a) => ({ ...a, email: null })),
        total,
        req.query,
        { sorts: ATTENDEE_SORTS, filters: FILTERS },
        passedOn ? { passed_on: true } : undefined,
      );
    },
  );

  app.post(
    '/check-in-links/:token/check-ins',
    {
      schema: {
        tags,
        summary: "Check an attendee in or out on the link's list",
        params: staffLinkParams,
        body: checkInScan,
        response: { 200: oneOf(checkInOutcomeSchema) },
      },
    },
    async (req) => ({
      data: outcomeForDoor(await applyScan(await context(req, req.params.token), req.body)),
    }),
  );

  app.post(
    '/check-in-links/:token/check-ins/batch',
    {
      schema: {
        tags,
        summary: 'Scans queued on the device while offline, applied in order (a revoked link refuses them all)',
        params: staffLinkParams,
        body: checkInBatchBody,
        response: { 200: oneOf(z.array(checkInOutcomeSchema)) },
      },
    },
    async (req) => ({
      data: (await applyScans(await context(req, req.params.token), req.body.scans)).map(outcomeForDoor),
    }),
  );

  app.get(
    '/check-in-links/:token/offline',
    {
      schema: {
        tags,
        summary: "The list's tickets for the volunteer's device to check codes offline (code, name, ticket, state)",
        params: staffLinkParams,
        response: { 200: oneOf(checkInOfflineSchema) },
      },
    },
    async (req) => {
      const list = await listOf(req.params.token);
      return { data: await offlineTickets(db, list.event_id, list, deps.clock.now()) };
    },
  );

  app.get(
    '/check-in-links/:token/stats',
    {
      schema: {
        tags,
        summary:
          "Checked in and valid attendees on the list, in all and per ticket; `filter_fields[event_date_id]`: one date's only",
        params: staffLinkParams,
        querystring: checkInStatsQuery,
        response: { 200: oneOf(checkInStatsSchema) },
      },
    },
    async (req) => {
      const list = await listOf(req.params.token);
      return { data: await checkInStatsOnList(db, list.event_id, list, req.query.filter_fields?.event_date_id) };
    },
  );
};
