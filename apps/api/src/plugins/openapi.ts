import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_GUIDE } from './openapi-guide.js';

type Operation = { operationId?: string; security?: unknown[]; responses?: Record<string, unknown> };
type Document = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, Record<string, unknown>> };

/** The one error shape of every answer that is not 2xx (see the guide's "Errors"). */
const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Stable, for programs (e.g. VALIDATION_FAILED, NOT_FOUND).' },
        message: { type: 'string', description: 'For people, in the language of Accept-Language.' },
        field_errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Each refused field of the body, with its messages.' },
      },
    },
  },
};

/** `GET /api/events/{eventId}/tickets` → `getEventsEventIdTickets` (unique: method and path are). */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api/, '')
    .split(/[/{}_.-]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * What the routes' schemas leave out, filled in for every operation: an operationId, `security: []` on
 * the public ones (no token), and the error answer. The document then passes Redocly's recommended lint
 * rules (test/openapi-lint.test.ts).
 */
function completeDocument(doc: Document): Document {
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: ERROR_SCHEMA } };
  const error = { description: 'An error: see "Errors" above.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(operations)) {
      op.operationId ??= operationIdOf(method, path);
      op.security ??= [];
      op.responses = { ...op.responses, '4XX': error };
    }
  }
  return doc;
}

/** OpenAPI document generated from the routes' zod schemas: `/api/docs/json`, browsable at `/api/docs`. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AdmitOne API',
        version: '0.1.0',
        description: API_GUIDE,
      },
      // The paths start with /api: the same host and port that serves the app.
      servers: [{ url: '/', description: 'This AdmitOne server' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key (Account → API keys), or a session token from login.' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => completeDocument(('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as Document) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
