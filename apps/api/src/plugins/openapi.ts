import {
  apiKeyListResponse,
  attendeeDetailSchema,
  attendeeDtoSchema,
  checkInEntrySchema,
  eventDateSchema,
  eventSchema,
  IDEMPOTENCY_HEADER,
  orderDetailSchema,
  orderSummarySchema,
  organizerSchema,
  pageMetaSchema,
  promoCodeSchema,
  publicEventResponse,
  publicEventSchema,
  publicOrderSchema,
  questionSchema,
  ticketSchema,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_TYPE,
  webhookDeliveryListResponse,
  webhookResponse,
} from '@admitone/shared';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { API_GUIDE } from './openapi-guide.js';

type Parameter = {
  in?: string;
  name?: string;
  schema?: { type?: string; enum?: unknown[] };
  style?: string;
  explode?: boolean;
};
type Response = {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
};
type Operation = {
  operationId?: string;
  security?: unknown[];
  responses?: Record<string, Response>;
  parameters?: Parameter[];
  callbacks?: Record<string, unknown>;
};
type Document = {
  openapi?: string;
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

/**
 * The objects integrators meet everywhere, as named schemas (`#/components/schemas/Event`, …): the
 * routes' schemas refer to them instead of repeating them. Registered with zod's registry under their
 * name, which fastify-type-provider-zod turns into components (jsonSchemaTransformObject).
 */
const NAMED_SCHEMAS: ReadonlyArray<readonly [z.ZodType, string]> = [
  [eventSchema, 'Event'],
  [eventDateSchema, 'EventDate'],
  [ticketSchema, 'Ticket'],
  [orderSummarySchema, 'OrderSummary'],
  [orderDetailSchema, 'Order'],
  [attendeeDtoSchema, 'Attendee'],
  [attendeeDetailSchema, 'AttendeeDetail'],
  [checkInEntrySchema, 'CheckIn'],
  [organizerSchema, 'Organizer'],
  [promoCodeSchema, 'PromoCode'],
  [questionSchema, 'Question'],
  [webhookResponse.shape.data, 'Webhook'],
  [webhookDeliveryListResponse.shape.data.element, 'WebhookDelivery'],
  [apiKeyListResponse.shape.data.element, 'ApiKey'],
  [pageMetaSchema, 'PageMeta'],
  [publicEventSchema, 'PublicEvent'],
  [publicOrderSchema, 'PublicOrder'],
];
for (const [schema, id] of NAMED_SCHEMAS) {
  if (!z.globalRegistry.get(schema)?.id) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

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
        field_errors: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
          description: 'Each refused field of the body, with its messages.',
        },
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

/** The envelope of every webhook delivery (see the guide's "Webhooks"). */
const WEBHOOK_EVENT_SCHEMA = {
  type: 'object',
  required: ['id', 'type', 'created_at', 'account_id', 'event_id', 'data'],
  properties: {
    id: {
      type: 'string',
      description: 'The same in every retry and resend: de-duplicate with it.',
      example: 'evt_6f1c2a',
    },
    type: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE] },
    created_at: { type: 'string', format: 'date-time', description: 'When the change happened.' },
    account_id: { type: 'integer' },
    event_id: { type: 'integer', nullable: true, description: 'The event the change is about (null: none).' },
    data: {
      type: 'object',
      additionalProperties: true,
      description: 'The object as the API returns it when the event is first sent.',
    },
  },
};

/** Response headers, each described once (`#/components/headers/…`). */
const HEADERS = {
  'X-Request-Id': {
    description:
      'The id of this request in the server logs: the client’s own `X-Request-Id` when it sent a sane one, else a new UUID. Quote it when reporting a problem.',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': {
    description: 'Calls allowed in the window (on answers to an API key, and on routes with a limit of their own).',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Calls left in the window (where `RateLimit-Limit` is).',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window ends (where `RateLimit-Limit` is).',
    schema: { type: 'integer' },
  },
  'Retry-After': { description: 'On 429: seconds to wait before trying again.', schema: { type: 'integer' } },
  'Idempotent-Replayed': {
    description:
      '`true` when this is the stored answer to an earlier call with the same `Idempotency-Key` (nothing was changed again).',
    schema: { type: 'string', enum: ['true'] },
  },
} as const;
const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

const IDEMPOTENCY_KEY_PARAMETER = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description:
    'Makes a retry safe: a repeat of the same request with the same key gets the first answer again and changes nothing (see "Idempotency" above).',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
/**
 * Writes an API key cannot make (a person's own routes, the team, the keys: API_KEY_NOT_ALLOWED or
 * FORBIDDEN), and the buyer's side, where only the routes that declare the header honour it.
 */
const NO_KEY_IDEMPOTENCY = /^\/api\/(?:public|auth|users|api-keys)(?:\/|$)/;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the routes tell the document through their options (not their schemas), by `METHOD /path/{param}`. */
interface RouteMarks {
  /** Routes with a rate limit of their own (`config.rateLimit`). */
  rateLimited: Set<string>;
}
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const markOf = (method: string, path: string) => `${method.toLowerCase()} ${path}`;

/**
 * Only the API is documented: the page routes (event pages, checkout, widget, the organizer app, static
 * files, robots.txt, the sitemap) are HTML and files for browsers, not calls for integrators.
 */
function transformRoute(marks: RouteMarks): SwaggerTransform {
  return (input) => {
    if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
    const config = input.route.config as { rateLimit?: unknown } | undefined;
    if (config?.rateLimit)
      for (const method of [input.route.method].flat()) marks.rateLimited.add(markOf(method, openApiPath(input.url)));
    return jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  };
}

/** The public event's answer: sent as bytes rendered once (no serializer), so described here from its contract. */
function publicEventAnswer(doc: Document): Response {
  const transformed = jsonSchemaTransform({
    schema: { response: { 200: publicEventResponse } },
    url: '/api/public/events/:eventId',
    openapiObject: doc,
  } as never) as { schema: { response: Record<string, unknown> } };
  return {
    description: 'The event with its visible tickets.',
    content: { 'application/json': { schema: transformed.schema.response['200'] } },
  };
}

/**
 * A nullable named schema comes out as `{ nullable: true, allOf: [{ $ref }] }` (or with the `$ref` beside
 * `nullable`, which OpenAPI 3.0 ignores): `nullable` needs a `type` beside it, the named schema's.
 */
function nullableRefs(node: unknown, schemas: Record<string, unknown>): void {
  if (Array.isArray(node)) return node.forEach((item) => nullableRefs(item, schemas));
  if (!node || typeof node !== 'object') return;
  const obj = node as Record<string, unknown>;
  if (obj.nullable === true && obj.type === undefined) {
    if (typeof obj.$ref === 'string') {
      obj.allOf = [{ $ref: obj.$ref }];
      delete obj.$ref;
    }
    const ref = (obj.allOf as { $ref?: string }[] | undefined)?.[0]?.$ref;
    const target = ref
      ? (schemas[ref.replace('#/components/schemas/', '')] as { type?: string } | undefined)
      : undefined;
    if (target?.type) obj.type = target.type;
  }
  for (const value of Object.values(obj)) nullableRefs(value, schemas);
}

/** Drops the component schemas nothing refers to (zod's registry gives each named schema an input twin too). */
function pruneUnusedSchemas(doc: Document) {
  const schemas = doc.components?.schemas ?? {};
  for (;;) {
    const text =
      JSON.stringify({ ...doc, components: { ...doc.components, schemas: undefined } }) +
      JSON.stringify(Object.values(schemas));
    const unused = Object.keys(schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    if (!unused.length) return;
    for (const name of unused) delete schemas[name];
  }
}

/**
 * What the routes' schemas leave out, filled in for every operation: an operationId, `security: []` on
 * the public ones (no token), the error answer, 204 where a write answers no body, the media types of
 * files, the response headers and the `Idempotency-Key` parameter where it works. The document then
 * passes Redocly's recommended lint rules (test/openapi-lint.test.ts).
 */
function completeDocument(doc: Document, marks: RouteMarks): Document {
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, Error: ERROR_SCHEMA, WebhookEvent: WEBHOOK_EVENT_SCHEMA },
    headers: { ...doc.components?.headers, ...HEADERS },
  };
  const error: Response = {
    description: 'An error: see "Errors" above.',
    headers: {
      'X-Request-Id': headerRef('X-Request-Id'),
      'Retry-After': headerRef('Retry-After'),
      'RateLimit-Limit': headerRef('RateLimit-Limit'),
      'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
      'RateLimit-Reset': headerRef('RateLimit-Reset'),
    },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(operations)) {
      op.operationId ??= operationIdOf(method, path);
      op.security ??= [];
      const responses = (op.responses ??= {});
      const parameters = (op.parameters ??= []);
      // A write without a response schema answers 204 (no body); fastify-swagger would say "200".
      const plain = responses['200'];
      if (WRITES.has(method) && plain && !plain.content && Object.keys(responses).length === 1) {
        delete responses['200'];
        responses['204'] = { description: 'Done: no content.' };
      }
      // Files: the exports (CSV, or Excel with `format=xlsx`), the ticket's QR code and calendar file.
      if (method === 'get' && path.endsWith('/export') && plain && !plain.content) {
        const formats = parameters.find((p) => p.in === 'query' && p.name === 'format')?.schema?.enum ?? ['csv'];
        const file = { schema: { type: 'string', format: 'binary' } };
        plain.description = formats.includes('xlsx')
          ? 'The rows as CSV (`format=csv`, the default) or an Excel workbook (`format=xlsx`), as an attachment.'
          : 'The rows as CSV, as an attachment.';
        plain.content = { 'text/csv': file, ...(formats.includes('xlsx') ? { [XLSX]: file } : {}) };
      }
      if (method === 'get' && path.endsWith('/qr.svg') && plain && !plain.content) {
        plain.description = 'The QR code as an SVG image.';
        plain.content = { 'image/svg+xml': { schema: { type: 'string' } } };
      }
      if (method === 'get' && path.endsWith('/calendar.ics') && plain && !plain.content) {
        plain.description = "The ticket's event as an iCalendar file, as an attachment.";
        plain.content = { 'text/calendar': { schema: { type: 'string' } } };
      }
      if (method === 'get' && path === '/api/public/events/{eventId}') responses['200'] = publicEventAnswer(doc);

      // Idempotency-Key: every write an API key may make (plugins/key-idempotency.ts), and the checkout's
      // steps that declare it; nowhere else.
      const declared = parameters.some((p) => p.in === 'header' && p.name?.toLowerCase() === IDEMPOTENCY_HEADER);
      const idempotent = WRITES.has(method) && (declared || !NO_KEY_IDEMPOTENCY.test(path));
      op.parameters = parameters.filter((p) => !(p.in === 'header' && p.name?.toLowerCase() === IDEMPOTENCY_HEADER));
      if (idempotent) op.parameters.push({ ...IDEMPOTENCY_KEY_PARAMETER });
      if (!op.parameters.length) delete op.parameters;

      // An API key's calls (any route with a token) and routes with a limit of their own carry RateLimit-*.
      const rateLimited = op.security.length > 0 || marks.rateLimited.has(markOf(method, path));
      for (const [code, response] of Object.entries(responses)) {
        if (!/^2/.test(code)) continue;
        response.headers = {
          ...response.headers,
          'X-Request-Id': headerRef('X-Request-Id'),
          ...(rateLimited
            ? {
                'RateLimit-Limit': headerRef('RateLimit-Limit'),
                'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
                'RateLimit-Reset': headerRef('RateLimit-Reset'),
              }
            : {}),
          ...(idempotent ? { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') } : {}),
        };
      }
      responses['4XX'] = error;
      // An object in the query is read as qs reads it, `filter_fields[status]=CANCELLED`: say so, or a
      // generated client sends `status=CANCELLED` (the form style), which the server refuses as unknown.
      for (const p of op.parameters ?? [])
        if (p.in === 'query' && p.schema?.type === 'object') Object.assign(p, { style: 'deepObject', explode: true });
    }
  }
  // The webhooks' deliveries, as OpenAPI 3.0 says calls back: what a webhook's URL receives.
  const createWebhook = doc.paths?.['/api/webhooks']?.post;
  if (createWebhook) {
    createWebhook.callbacks = {
      delivery: {
        '{$request.body#/url}': {
          post: {
            operationId: 'webhookDelivery',
            summary: 'A webhook delivery: one event, signed (see "Webhooks" above)',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' } } },
            },
            security: [],
            responses: {
              '2XX': { description: 'Received: any 2xx within 10 seconds counts.' },
              '4XX': { description: 'Refused: tried again later, as for any other answer that is not 2xx (or none).' },
            },
          },
        },
      },
    };
  }
  nullableRefs(doc, doc.components.schemas ?? {});
  pruneUnusedSchemas(doc);
  return doc;
}

/**
 * OpenAPI document generated from the routes' zod schemas: `/api/docs/json`, browsable at `/api/docs`.
 * `appUrl` is the server's public address (APP_URL), the document's one server.
 */
export async function registerOpenApi(app: FastifyInstance, options: { appUrl: string }) {
  const marks: RouteMarks = { rateLimited: new Set() };
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AdmitOne API',
        version: '0.1.0',
        description: API_GUIDE,
      },
      // The paths start with /api: the same address that serves the app.
      servers: [{ url: options.appUrl.replace(/\/+$/, ''), description: 'This AdmitOne server' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (Account → API keys), or a session token from login.',
          },
        },
      },
    },
    transform: transformRoute(marks),
    transformObject: (documentObject) =>
      completeDocument(jsonSchemaTransformObject(documentObject) as Document, marks) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
