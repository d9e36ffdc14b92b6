import fc from 'fast-check';

/** The subset of JSON Schema the OpenAPI document carries (generated from the zod contracts). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  const?: unknown;
}

const HUGE = 'A'.repeat(100_000);

/** Strings an attacker sends: SQL, HTML/script, unicode tricks, NUL bytes, lone surrogates, huge. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  "' OR 1=1 --",
  "'; DROP TABLE events; --",
  '1; DROP TABLE orders',
  "1' UNION SELECT password_hash FROM users --",
  '"; SELECT pg_sleep(5); --',
  '\\',
  '%',
  '_%_',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  '{{7*7}}${7*7}',
  '🎟️👩‍👩‍👧‍👦🇩🇪',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF\u200B',
  '１２３',
  '../../../etc/passwd',
  'line\r\nX-Injected: 1',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e308',
  '2147483648',
  '9007199254740993',
  '0x1F',
  'true',
  'null',
  '2030-02-31T25:61',
  '0000-00-00 00:00',
  'UTC; DROP',
  'Europe/Nowhere',
  'not-an-email@',
  'a@b',
  HUGE,
  `${'é'.repeat(30_000)}`,
];

/** Numbers at and past every boundary a contract can have. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  1,
  1.5,
  -0.5,
  2 ** 31,
  -(2 ** 31),
  2 ** 31 - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
];

/** Values of the wrong type for any field. */
const wrongTypes = fc.constantFrom<unknown>(
  null,
  true,
  false,
  [],
  {},
  [1, 2, 3],
  { $gt: '' },
  JSON.parse('{"__proto__":{"admin":true}}'),
  [[[[[]]]]],
  { a: { b: { c: { d: {} } } } },
);

/** Any hostile value: wrong type, boundary number, hostile string, random full-unicode string. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: wrongTypes },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.array(fc.string({ unit: 'binary', maxLength: 5 }), { maxLength: 60 }) },
);

/** Path segments that are not the id they stand for (each already URL-encoded or raw on purpose). */
export const HOSTILE_SEGMENTS: readonly string[] = [
  '0',
  '-1',
  '2147483648',
  '9'.repeat(400),
  '1e308',
  'NaN',
  'Infinity',
  '1.5',
  '0x10',
  'abc',
  '%20',
  '%00',
  '%ZZ',
  '%C0%AF',
  '%E2%80%AE',
  '%F0%9F%8E%9F',
  '%D8%00',
  '%EF%BC%91',
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('1; DROP TABLE events'),
  encodeURIComponent('<script>alert(1)</script>'),
  '..%2F..%2Fetc%2Fpasswd',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
];

/** encodeURIComponent that survives lone surrogates (they go out as U+FFFD, as a browser would send). */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}

const DATE_TIME = /\\d\{4\}-\\d\{2\}-\\d\{2\}/;

function stringArb(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, 60);
  if (schema.pattern && DATE_TIME.test(schema.pattern)) {
    return fc
      .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 16));
  }
  if (/(^|_)code$/.test(name)) return fc.stringMatching(/^[A-Za-z0-9_-]{3,20}$/);
  if (schema.pattern)
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  if (schema.format === 'email' || /email/.test(name)) {
    // Plain addresses (fc.emailAddress's RFC corner cases are refused by the contracts, as they should be).
    return fc
      .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9.+-]{0,15}$/), fc.constantFrom('example.test', 'admitone.test'))
      .map(([local, domain]) => `${local.replace(/\.+$/, '')}@${domain}`.replace(/\.\./g, '.'));
  }
  if (/website|url/.test(name))
    return fc.webUrl({ validSchemes: ['https', 'http'] }).filter((s) => s.length <= (schema.maxLength ?? 2000));
  if (schema.format === 'uuid') return fc.uuid();
  if (/timezone/.test(name)) return fc.constantFrom('Europe/Berlin', 'UTC', 'America/New_York', 'Asia/Kolkata');
  if (/currency/.test(name)) return fc.constantFrom('EUR', 'USD', 'JPY', 'BRL');
  if (/color|background|primary|text|link/.test(name)) return fc.constantFrom('#7c3aed', '#ffffff', '#000');
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, max) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, max) }) },
    // Exactly at the bound.
    { weight: 1, arbitrary: fc.constant('x'.repeat(Math.max(min, Math.min(schema.maxLength ?? 255, 50_000)))) },
  );
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = schema.minimum ?? -(2 ** 31);
  let max = schema.maximum ?? 2 ** 31;
  if (schema.exclusiveMinimum === true) min += integer ? 1 : Number.EPSILON;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON);
  if (schema.exclusiveMaximum === true) max -= integer ? 1 : Number.EPSILON;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON);
  if (integer)
    return fc.oneof(
      fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) }),
      fc.constantFrom(min, max),
    );
  return fc.double({ min, max, noNaN: true });
}

/**
 * Values for a schema: mostly well-formed (so requests get past validation and reach the use cases),
 * with hostile values planted at any depth (`hostility` is the weight of a hostile value at a node),
 * missing required fields and unexpected extra fields. `idFor(name)` gives real ids of the caller's
 * world for fields that hold one.
 */
export function valueFor(
  schema: JsonSchema,
  opts: { name?: string; hostility?: number; idFor?: (name: string) => fc.Arbitrary<number> | null } = {},
): fc.Arbitrary<unknown> {
  const name = opts.name ?? '';
  const hostility = opts.hostility ?? 1;
  const sane = saneValueFor(schema, name, { ...opts, hostility });
  if (hostility <= 0) return sane;
  return fc.oneof({ weight: 8, arbitrary: sane }, { weight: hostility, arbitrary: hostileValue });
}

function saneValueFor(
  schema: JsonSchema,
  name: string,
  opts: { hostility: number; idFor?: (name: string) => fc.Arbitrary<number> | null },
): fc.Arbitrary<unknown> {
  const child = (s: JsonSchema, n: string) => valueFor(s, { name: n, hostility: opts.hostility, idFor: opts.idFor });
  const base = ((): fc.Arbitrary<unknown> => {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((s) => child(s, name)));
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    switch (type) {
      case 'string':
        return stringArb(schema, name);
      case 'integer': {
        const ids = /(^|_)id$|Id$/.test(name) ? opts.idFor?.(name) : null;
        return ids
          ? fc.oneof({ weight: 3, arbitrary: ids }, { weight: 1, arbitrary: numberArb(schema, true) })
          : numberArb(schema, true);
      }
      case 'number':
        return numberArb(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const itemName = name.replace(/s$/, '');
        const items = schema.items ? child(schema.items, itemName) : hostileValue;
        return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
      }
      case 'object':
        return objectArb(schema, child);
      case 'null':
        return fc.constant(null);
      default:
        return hostileValue;
    }
  })();
  return schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'))
    ? fc.option(base, { nil: null, freq: 6 })
    : base;
}

function objectArb(
  schema: JsonSchema,
  child: (s: JsonSchema, n: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const keys = Object.keys(props);
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, child(props[k]!, k)])), {
    requiredKeys: keys.filter((k) => required.has(k)),
  });
  const extras =
    schema.additionalProperties && typeof schema.additionalProperties === 'object'
      ? fc.dictionary(
          fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 100))),
          child(schema.additionalProperties, 'value'),
          { maxKeys: 4 },
        )
      : fc.dictionary(
          fc.constantFrom('__proto__', 'constructor', 'id', 'account_id', 'is_owner', 'status', 'role', 'extra'),
          hostileValue,
          { maxKeys: 2 },
        );
  return fc
    .tuple(
      record,
      fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extras }),
      fc.oneof(
        { weight: 6, arbitrary: fc.constant<string | null>(null) },
        { weight: 1, arbitrary: fc.constantFrom(...(keys.length ? keys : ['_'])) },
      ),
      fc.boolean(),
    )
    .map(([value, extra, drop, confirm]) => {
      const out: Record<string, unknown> = { ...(extra as object), ...(value as object) };
      // A confirmation field usually repeats its field, as a form sends it.
      for (const k of Object.keys(out))
        if (confirm && k.endsWith('_confirmation') && k.replace(/_confirmation$/, '') in out)
          out[k] = out[k.replace(/_confirmation$/, '')];
      // Own property even for "__proto__", so JSON.stringify sends it.
      for (const [k, v] of Object.entries(extra as object))
        if (k === '__proto__')
          Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
      if (drop) delete out[drop];
      return out;
    });
}

/** Raw JSON payloads that are not what they claim: malformed, deeply nested, huge, prototype pollution. */
export const RAW_JSON_PAYLOADS: readonly string[] = [
  '',
  '{',
  '{"a":',
  'null',
  '"just a string"',
  '12345',
  '[]',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  `{"a":"${'b'.repeat(900_000)}"}`,
  '\u0000',
  '\uFEFF{}',
  '{"a":1,"a":2}',
  '{"a":1e999}',
  '{"a":-1e999}',
];
