import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Input that would be ignored is refused: a body field or query parameter the route does not take
 * answers 422 with that name in `field_errors` ("not a field of this request"), never a silent drop. A
 * client that misspells a filter, or sends it in another style than the document describes, finds out
 * at once instead of reading every row as if it had filtered. Routes keep declaring plain `z.object`s;
 * this makes the top level of their body and query strict (`filter_fields` is strict in `listQuery`).
 *
 * A write may carry the fields of the object as the route answers it (`id`, `created_at`, counts): a
 * client that reads an object, changes a field and sends it back is not refused. Those read-only fields
 * are known, so they are dropped before validation and change nothing; anything else is refused.
 */
const readOnlyKeys = new Map<string, string[]>();
const routeKey = (method: string, url: string) => `${method} ${url}`;

/** The fields of the object a route answers (`{ data: {...} }` of its first 2xx schema), if any. */
function answeredFields(response: unknown): string[] {
  if (!response || typeof response !== 'object') return [];
  for (const [status, schema] of Object.entries(response as Record<string, unknown>)) {
    if (!/^2\d\d$/.test(status) || !(schema instanceof z.ZodObject)) continue;
    const data = (schema.shape as Record<string, unknown>).data;
    if (data instanceof z.ZodObject) return Object.keys(data.shape);
  }
  return [];
}

function strictTop(schema: unknown, readOnly: string[]): unknown {
  if (!(schema instanceof z.ZodObject)) return schema;
  const strict = schema.strict();
  const ignored = readOnly.filter((k) => !(k in schema.shape));
  if (!ignored.length) return strict;
  return z.preprocess((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const copy = { ...(value as Record<string, unknown>) };
    for (const k of ignored) delete copy[k];
    return copy;
  }, strict);
}

const compile: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (route.httpPart !== 'body' && route.httpPart !== 'querystring') return validatorCompiler(route);
  const readOnly = route.httpPart === 'body' ? (readOnlyKeys.get(routeKey(route.method, route.url)) ?? []) : [];
  return validatorCompiler({ ...route, schema: strictTop(route.schema, readOnly) as z.ZodType });
};

export function registerStrictInput(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const fields = answeredFields(route.schema?.response);
    if (fields.length) for (const m of methods) readOnlyKeys.set(routeKey(m, route.url), fields);
  });
  app.setValidatorCompiler(compile);
}
