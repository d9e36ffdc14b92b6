import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppDeps } from '../../deps.js';
import { mailBacklog } from '../../mail/outbox.js';
import { sendDatabaseUnavailable } from '../../plugins/error-handler.js';

const tags = ['platform'];
/** How long readiness waits for `select 1` before it calls the database unavailable. */
export const READY_TIMEOUT_MS = 2_000;

const ok = z.object({ status: z.literal('ok') });
/**
 * Mail on `/api/health` (never on live or ready: an SMTP outage must neither restart the process nor take
 * it out of the load balancer): `degraded` while mails wait after a failed try, how many, and how old the
 * oldest of them is. Absent when it could not be read in time.
 */
const mailHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  waiting: z.number().int(),
  oldest_waiting_seconds: z.number().int().nullable(),
});
const okWithMail = ok.extend({ mail: mailHealth.optional() });
const unavailable = z.object({ status: z.literal('unavailable'), code: z.literal('DATABASE_UNAVAILABLE') });

/**
 * Health for orchestrators and load balancers:
 * - `/api/health/live`: the process answers (no database call) — restart it when this fails;
 * - `/api/health/ready`: the database answers `select 1` within 2 s and the start (migrations, job queue)
 *   is done — send it traffic only while this is 200;
 * - `/api/health`: the same as ready (what one simple check should look at), and how mail is doing
 *   (`mail`: degraded while mails wait after a failed try; never a failure of the check itself).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Probes arriving together share one `select 1` (a load balancer's probes never queue up on the pool).
  let inFlight: Promise<boolean> | null = null;
  const databaseAnswers = () =>
    (inFlight ??= deps.database
      .ping(READY_TIMEOUT_MS)
      .then(
        () => true,
        () => false,
      )
      .finally(() => (inFlight = null)));

  // The same for the mail backlog (one count of the open outbox rows, not one per probe).
  let mailInFlight: Promise<z.infer<typeof mailHealth> | undefined> | null = null;
  const mailState = () =>
    (mailInFlight ??= mailBacklog(deps.database.db)
      .then(({ waiting, oldest }) => ({
        status: waiting ? ('degraded' as const) : ('ok' as const),
        waiting,
        oldest_waiting_seconds: oldest
          ? Math.max(0, Math.floor((deps.clock.now().getTime() - oldest.getTime()) / 1000))
          : null,
      }))
      .catch(() => undefined)
      .finally(() => (mailInFlight = null)));

  const isReady = async () => deps.startup.ready && (await databaseAnswers());
  const notReady = (reply: FastifyReply) =>
    reply.status(503).send({ status: 'unavailable', code: 'DATABASE_UNAVAILABLE' } as const);
  const ready = async (_req: unknown, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    return (await isReady()) ? { status: 'ok' as const } : notReady(reply);
  };
  const schema = (summary: string) => ({ tags, summary, response: { 200: ok, 503: unavailable } });

  app.get(
    '/health',
    {
      schema: {
        tags,
        summary:
          'Ready: the database answers (503 DATABASE_UNAVAILABLE when not), as /api/health/ready; with `mail`: degraded while mails wait after a failed try',
        response: { 200: okWithMail, 503: unavailable },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return (await isReady()) ? { status: 'ok' as const, mail: await mailState() } : notReady(reply);
    },
  );
  app.get(
    '/health/ready',
    {
      schema: schema(
        'Readiness: the database answers within 2 s and the start is done (503 when not: send no traffic)',
      ),
    },
    ready,
  );
  app.get(
    '/health/live',
    { schema: { tags, summary: 'Liveness: the process answers (no database call)', response: { 200: ok } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
};

/**
 * Until the database part of the start is done (server.ts listens before it: app.ts `databaseInBackground`),
 * every request but health answers 503 DATABASE_UNAVAILABLE with Retry-After.
 */
export function untilStarted(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (
      deps.startup.ready ||
      request.url === '/api/health' ||
      request.url.startsWith('/api/health/') ||
      request.url.startsWith('/api/health?')
    )
      return;
    return sendDatabaseUnavailable(request, reply);
  };
}
