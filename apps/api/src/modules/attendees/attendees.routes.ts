import {
  ATTENDEE_SORTS,
  attendeeDetailResponse,
  attendeeListResponse,
  attendeeParams,
  attendeeSyncListQuery,
  createAttendeeBody,
  editAttendeeBody,
  eventParams,
  isLocale,
  moveAttendeeSeatBody,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { type AuthContext, authOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { notFound } from '../../shared/errors.js';
import { pagedOrSynced, type SyncRequest } from '../../shared/sync.js';
import type { EventRow } from '../checkout/catalogue.js';
import { requireEvent } from '../events/events.repository.js';
import {
  type AttendeeContext,
  cancelAttendee,
  changeAttendee,
  editAttendee,
  reactivateAttendee,
  resendTicket,
} from './attendee-actions.js';
import { moveAttendeeSeat } from './attendee-seat.js';
import { attendeeDetail, listAttendees, syncAttendees } from './attendee-view.js';
import { addAttendeeByHand } from './manual-attendee.js';

const tags = ['attendees'];
const security = [{ bearer: [] }];
const FILTERS = ['ticket_id', 'status', 'checked_in', 'event_date_id'];

/** The organizer's attendees: list, detail, corrections, moves, cancel/reactivate, resend, manual additions. */
export const attendeeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  const detail = async (eventId: number, attendeeId: number) => {
    const data = await attendeeDetail(db, eventId, attendeeId);
    if (!data) throw notFound();
    return { data };
  };
  const ctxOf = (auth: { accountId: number; user: { id: number } }): AttendeeContext => ({
    now: deps.clock.now(),
    appUrl: deps.config.appUrl,
    storage: deps.storage,
    userId: auth.user.id,
    accountId: auth.accountId,
    stock: deps.stock,
    mailBudgetPerHour: deps.config.mailBudgetPerHour,
  });

  /** One change in one transaction on an attendee of the caller's event; mails after commit; answers the attendee. */
  async function act(
    req: { auth: AuthContext | null; params: { eventId: number; attendeeId: number } },
    change: (tx: Tx, c: AttendeeContext, event: EventRow) => Promise<number[] | void>,
  ) {
    const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
    const mails = await changeAttendee(db, (tx) => change(tx, ctxOf(authOf(req)), event));
    if (mails.length) await deps.jobs.deliverOutbox(mails);
    return detail(event.id, req.params.attendeeId);
  }

  app.get(
    '/events/:eventId/attendees',
    {
      schema: {
        tags,
        security,
        summary: "The event's attendees: search, filters, sorting, pages; or incremental sync (updated_since, cursor)",
        params: eventParams,
        querystring: attendeeSyncListQuery,
        response: { 200: attendeeListResponse },
      },
    },
    async (req) => {
      await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const read = {
        sync: (s: SyncRequest) => syncAttendees(db, req.params.eventId, req.query, s),
        page: () => listAttendees(db, req.params.eventId, req.query),
      };
      return pagedOrSynced('attendees', req.query, req.url, read, { sorts: ATTENDEE_SORTS, filters: FILTERS });
    },
  );

  app.post(
    '/events/:eventId/attendees',
    {
      schema: {
        tags,
        security,
        summary:
          'Add an attendee by hand (a completed manual order; stock applies; its ticket mail needs a confirmed address and counts against the mail budget)',
        params: eventParams,
        body: createAttendeeBody,
        response: { 201: attendeeDetailResponse },
      },
    },
    async (req, reply) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const locale = isLocale(req.body.locale) ? req.body.locale : requestLocale(req);
      const { attendeeId, mails } = await addAttendeeByHand(db, ctxOf(authOf(req)), event, req.body, locale);
      if (mails.length) await deps.jobs.deliverOutbox(mails);
      return reply.status(201).send(await detail(event.id, attendeeId));
    },
  );

  app.get(
    '/events/:eventId/attendees/:attendeeId',
    {
      schema: {
        tags,
        security,
        summary: 'One attendee with answers and check-in history',
        params: attendeeParams,
        response: { 200: attendeeDetailResponse },
      },
    },
    async (req) => {
      await requireEvent(db, authOf(req).accountId, req.params.eventId);
      return detail(req.params.eventId, req.params.attendeeId);
    },
  );

  app.put(
    '/events/:eventId/attendees/:attendeeId',
    {
      schema: {
        tags,
        security,
        summary: 'Correct name, e-mail and answers; move to another ticket if stock allows',
        params: attendeeParams,
        body: editAttendeeBody,
        response: { 200: attendeeDetailResponse },
      },
    },
    (req) => act(req, (tx, c, event) => editAttendee(tx, c, event, req.params.attendeeId, req.body)),
  );

  app.post(
    '/events/:eventId/attendees/:attendeeId/seat',
    {
      schema: {
        tags,
        security,
        summary: 'Seat the attendee elsewhere on the plan (its date); the ticket is mailed again if asked',
        params: attendeeParams,
        body: moveAttendeeSeatBody,
        response: { 200: attendeeDetailResponse },
      },
    },
    (req) =>
      act(req, (tx, c, event) =>
        moveAttendeeSeat(tx, db, c, event.id, req.params.attendeeId, req.body.seat_id, req.body.send_ticket),
      ),
  );

  app.post(
    '/events/:eventId/attendees/:attendeeId/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Void the ticket: it returns to the pool',
        params: attendeeParams,
        response: { 200: attendeeDetailResponse },
      },
    },
    (req) => act(req, (tx, c, event) => cancelAttendee(tx, c, event.id, req.params.attendeeId)),
  );

  app.post(
    '/events/:eventId/attendees/:attendeeId/reactivate',
    {
      schema: {
        tags,
        security,
        summary: 'Bring a cancelled ticket back if stock allows',
        params: attendeeParams,
        response: { 200: attendeeDetailResponse },
      },
    },
    (req) => act(req, (tx, c, event) => reactivateAttendee(tx, c, event, req.params.attendeeId)),
  );

  app.post(
    '/events/:eventId/attendees/:attendeeId/resend-ticket',
    {
      schema: {
        tags,
        security,
        summary: "Send the attendee's ticket e-mail again (needs a confirmed address; counts against the mail budget)",
        params: attendeeParams,
        response: { 200: attendeeDetailResponse },
      },
    },
    (req) => act(req, (tx, c, event) => resendTicket(tx, c, event.id, req.params.attendeeId)),
  );
};
