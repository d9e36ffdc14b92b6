import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { sendDatabaseUnavailable } from '../../plugins/error-handler.js';

const tags = ['platform'];
/** How long readiness waits for `select 1` before it calls the database unavailable. */
export const READY_TIMEOUT_MS = 2_000;

const ok = z.object({ status: z.literal('ok') });
const unavailable = z.object({ status: z.literal('unavailable'), code: z.literal('DATABASE_UNAVAILABLE') });

/**
 * Health for orchestrators and load balancers:
 * - `/api/health/live`: the process answers (no database call) — restart it when this fails;
 * - `/api/health/ready`: the database answers `select 1` within 2 s and the start (migrations, job queue)
 *   is done — send it traffic only while this is 200;
 * - `/api/health`: the same as ready (what one simple check should look at).
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

  const ready = async (_req: unknown, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (deps.startup.ready && (await databaseAnswers())) return { status: 'ok' as const };
    return reply.status(503).send({ status: 'unavailable', code: 'DATABASE_UNAVAILABLE' } as const);
  };
  const schema = (summary: string) => ({ tags, summary, response: { 200: ok, 503: unavailable } });

  app.get('/health', { schema: schema('Ready: the database answers (503 DATABASE_UNAVAILABLE when not); the same as /api/health/ready') }, ready);
  app.get('/health/ready', { schema: schema('Readiness: the database answers within 2 s and the start is done (503 when not: send no traffic)') }, ready);
  app.get('/health/live', { schema: { tags, summary: 'Liveness: the process answers (no database call)', response: { 200: ok } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });
};

/**
 * Until the database part of the start is done (server.ts listens before it: app.ts `databaseInBackground`),
 * every request but health answers 503 DATABASE_UNAVAILABLE with Retry-After.
 */
export function untilStarted(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (deps.startup.ready || request.url === '/api/health' || request.url.startsWith('/api/health/') || request.url.startsWith('/api/health?')) return;
    return sendDatabaseUnavailable(request, reply);
  };
}
