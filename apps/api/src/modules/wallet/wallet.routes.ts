import {
  LIMITS,
  passkitDeviceParams,
  passkitLogBody,
  passkitNoneChanged,
  passkitPassParams,
  passkitRegistrationBody,
  passkitRegistrationParams,
  passkitUpdatedQuery,
  passkitUpdatedResponse,
  publicAttendeeParams,
} from '@admitone/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppDeps } from '../../deps.js';
import { notFound } from '../../shared/errors.js';
import { findImageOfType } from '../images/images.repository.js';
import { applePass } from './apple-pass.js';
import { keptGoogleLogoPng } from './google-logo.js';
import { googleSaveUrl } from './google-pass.js';
import { authorizedPass, changedSerials, passForTicket, registerDevice, unregisterDevice } from './wallet-passes.js';
import { walletTicketOf } from './wallet-ticket.js';

const tags = ['public'];
const PKPASS = 'application/vnd.apple.pkpass';
/** Making and signing a pass costs a little CPU: a person adds a ticket now and then, not hundreds a minute. */
const passLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * Wallet passes of tickets (docs/ARCHITECTURE.md "Wallet passes"): "Add to Apple Wallet" (a signed .pkpass) and
 * "Save to Google Wallet" (a signed link) from a ticket's page and mail, by the ticket's secret link as its page is;
 * and the PassKit web service Apple devices call about the passes they hold (their own paths, bodies and answers).
 */
export const walletRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const { apple, google } = deps.config.wallet;
  const appUrl = deps.config.appUrl;

  app.get(
    '/events/:eventId/attendees/:shortId/wallet.pkpass',
    {
      schema: { tags, summary: 'A valid ticket as an Apple Wallet pass (.pkpass)', params: publicAttendeeParams },
      config: passLimit,
    },
    async (req, reply) => {
      if (!apple) throw notFound();
      const pass = await passForTicket(db, deps.storage, req.params.eventId, req.params.shortId, deps.clock.now());
      const ticket = await walletTicketOf(db, deps.storage, appUrl, pass);
      if (!ticket) throw notFound();
      return sendPass(reply, await applePass(apple, deps.storage, appUrl, ticket), pass.changed_at);
    },
  );

  app.get(
    '/events/:eventId/attendees/:shortId/google-wallet',
    {
      schema: {
        tags,
        summary: 'Save a valid ticket to Google Wallet (sends the browser to Google)',
        params: publicAttendeeParams,
      },
      config: passLimit,
    },
    async (req, reply) => {
      if (!google) throw notFound();
      const pass = await passForTicket(
        db,
        deps.storage,
        req.params.eventId,
        req.params.shortId,
        deps.clock.now(),
        true,
      );
      const ticket = await walletTicketOf(db, deps.storage, appUrl, pass);
      if (!ticket) throw notFound();
      return reply.header('cache-control', 'no-store').redirect(await googleSaveUrl(google, appUrl, ticket), 303);
    },
  );

  app.get(
    '/wallet/logos/:imageId',
    {
      schema: {
        tags,
        summary: "An organizer's logo as Google Wallet shows it (a 660-pixel square PNG), fetched by Google",
        params: z.object({ imageId: z.coerce.number().int().positive().max(LIMITS.ID_MAX) }),
      },
    },
    async (req, reply) => {
      const image = await findImageOfType(db, req.params.imageId, 'ORGANIZER_LOGO');
      const png = image ? await keptGoogleLogoPng(deps.storage, image.variant_keys.large) : null;
      if (!png) throw notFound();
      // A new logo is a new image (and address): this one never changes.
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(png);
    },
  );

  // ---- PassKit web service (Apple devices; `webServiceURL` of our passes) --------------------------------------
  const ours = (passTypeId: string) => apple !== null && passTypeId === apple.passTypeId;

  app.post(
    '/wallet/apple/v1/devices/:deviceId/registrations/:passTypeId/:serial',
    {
      schema: {
        tags,
        summary: 'PassKit: a device asks to hear about a pass (Authorization: ApplePass <token>)',
        params: passkitRegistrationParams,
        body: passkitRegistrationBody,
      },
    },
    async (req, reply) => {
      if (!ours(req.params.passTypeId)) throw notFound();
      const pass = await authorizedPass(db, req.params.serial, req.headers.authorization);
      if (!pass) return reply.status(401).send();
      const isNew = await registerDevice(db, pass.serial, req.params.deviceId, req.body.pushToken, deps.clock.now());
      return reply.status(isNew ? 201 : 200).send();
    },
  );

  app.delete(
    '/wallet/apple/v1/devices/:deviceId/registrations/:passTypeId/:serial',
    {
      schema: {
        tags,
        summary: 'PassKit: a device no longer holds a pass',
        params: passkitRegistrationParams,
      },
    },
    async (req, reply) => {
      if (!ours(req.params.passTypeId)) throw notFound();
      const pass = await authorizedPass(db, req.params.serial, req.headers.authorization);
      if (!pass) return reply.status(401).send();
      await unregisterDevice(db, pass.serial, req.params.deviceId);
      return reply.status(200).send();
    },
  );

  app.get(
    '/wallet/apple/v1/devices/:deviceId/registrations/:passTypeId',
    {
      schema: {
        tags,
        summary: "PassKit: which of a device's passes changed since its last tag (204: none)",
        params: passkitDeviceParams,
        querystring: passkitUpdatedQuery,
        response: { 200: passkitUpdatedResponse, 204: passkitNoneChanged },
      },
    },
    async (req, reply) => {
      if (!ours(req.params.passTypeId)) throw notFound();
      const changed = await changedSerials(db, req.params.deviceId, req.query.passesUpdatedSince);
      if (!changed) return reply.status(204).send(null);
      return reply.header('cache-control', 'no-store').send(changed);
    },
  );

  app.get(
    '/wallet/apple/v1/passes/:passTypeId/:serial',
    {
      schema: {
        tags,
        summary: 'PassKit: the latest version of a pass (304 when not changed since)',
        params: passkitPassParams,
      },
      config: passLimit,
    },
    async (req, reply) => {
      if (!ours(req.params.passTypeId)) throw notFound();
      const pass = await authorizedPass(db, req.params.serial, req.headers.authorization);
      if (!pass) return reply.status(401).send();
      const since = Date.parse(req.headers['if-modified-since'] ?? '');
      if (!Number.isNaN(since) && Math.floor(pass.changed_at.getTime() / 1000) <= Math.floor(since / 1000))
        return reply.status(304).send();
      const ticket = await walletTicketOf(db, deps.storage, appUrl, pass);
      if (!ticket) throw notFound();
      return sendPass(reply, await applePass(apple!, deps.storage, appUrl, ticket), pass.changed_at);
    },
  );

  app.post(
    '/wallet/apple/v1/log',
    {
      schema: { tags, summary: 'PassKit: what devices report of trouble with our passes', body: passkitLogBody },
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      if (!apple) throw notFound();
      for (const line of req.body.logs.slice(0, 20)) req.log.warn({ wallet: line.slice(0, 500) }, 'Apple Wallet log');
      return reply.status(200).send();
    },
  );
};

function sendPass(reply: FastifyReply, body: Buffer, changedAt: Date) {
  return reply
    .header('content-type', PKPASS)
    .header('content-disposition', 'attachment; filename="ticket.pkpass"')
    .header('last-modified', changedAt.toUTCString())
    .header('cache-control', 'no-store')
    .send(body);
}
