import {
  API_KEY_PREFIX,
  API_KEY_RATE_LIMIT_DEFAULT,
  LEGACY_SIGNATURE_UNTIL,
  LIMITS,
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
} from '@admitone/shared';

/** The guide at the top of the API reference (`/api/docs`): Markdown, as OpenAPI's `info.description`. */
export const API_GUIDE = `
The API the AdmitOne web app itself uses. Calls about an account live under \`/api\` and need a bearer
token; the buyer's side (event pages, checkout, order pages) lives under \`/api/public\` and needs none.
Money is always an integer in the currency's minor unit (\`2500\` is 25.00 EUR); times are ISO 8601.

## Authentication
Send \`Authorization: Bearer <token>\` on every call under \`/api\`. The token is either

- **an API key** (for other systems: CRM, newsletter, accounting, door systems). An admin makes one in
  *Account → API keys*: a name, **read-only** (GET calls only) or **read & write**, optionally limited to
  some events, optionally an expiry. The key (\`${API_KEY_PREFIX}…\`) is shown once; only its hash is kept.
  A key acts as the admin who made it, as long as they are an active member of the account; its calls
  are recorded as theirs. Keys cannot manage the team or API keys, and cannot call a person's own routes
  (profile, password, log out, switch account): those answer \`403 API_KEY_NOT_ALLOWED\`. A read-only key
  is refused every other method with \`403 API_KEY_READ_ONLY\`. A key limited to some events gets
  \`404\` for any other event (as for an event that does not exist), sees only its events in
  \`GET /api/events\`, and is refused account-wide calls with \`403 API_KEY_EVENT_SCOPE\`. A revoked or
  expired key answers \`401\`.
- **a session token** from \`POST /api/auth/login\` (what the web app uses; valid for a few weeks).

\`\`\`sh
curl -H "Authorization: Bearer ${API_KEY_PREFIX}…" https://tickets.example.com/api/events
\`\`\`

## Rate limits
Each API key may make ${API_KEY_RATE_LIMIT_DEFAULT} calls a minute (the operator may change this with
\`API_KEY_RATE_LIMIT_MAX\`). Every answer to a key carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`
and \`RateLimit-Reset\` (seconds until the window ends); past the limit the answer is
\`429 RATE_LIMITED\` with \`Retry-After\`.

## Paging, search and sorting
Lists take \`page\` (from 1), \`per_page\` (up to ${LIMITS.PER_PAGE_MAX}, default ${LIMITS.PER_PAGE_DEFAULT}), \`query\` (search),
\`sort_by\` and \`sort_direction\` (\`asc\`/\`desc\`), and filters as \`filter_fields[name]=value\`. They answer

\`\`\`json
{ "data": [ … ], "meta": { "current_page": 1, "per_page": ${LIMITS.PER_PAGE_DEFAULT}, "total": 42, "last_page": 3,
  "allowed_sorts": ["created_at"], "allowed_filter_fields": ["status"], "has_more": true, "next_cursor": null } }
\`\`\`

\`has_more\` tells whether a later page exists; \`next_cursor\` is null on these pages.

## Incremental sync
The lists of orders, attendees, check-ins and products (\`/api/events/{eventId}/orders\`, \`…/attendees\`,
\`…/check-ins\`, \`…/tickets\`) also page by cursor: send \`updated_since\` (an ISO 8601 instant with its
offset) and/or \`cursor\`, with \`per_page\` and the list's search and filters (\`page\`, \`sort_by\` and
\`sort_direction\` are refused then). Rows come in the order they changed; follow \`meta.next_cursor\`
until \`has_more\` is false (\`next_cursor\` null). Keep \`meta.sync_cursor\`: sent as \`cursor\` later, it
answers what changed since. No row is skipped or repeated within a pass while others are written; a row
changed after you read it comes again later. Rows deleted (an event's) are not reported: webhooks tell.

Single objects answer \`{ "data": { … } }\`. CSV and Excel exports (\`…/export?format=csv|xlsx\`) stream every row.

## Filters
A list's filters are one query object, \`filter_fields[name]=value\` (OpenAPI's deepObject style), e.g.
\`GET /api/events/12/orders?filter_fields[status]=CANCELLED\`; \`meta.allowed_filter_fields\` names them.
Anything the call does not know is refused, never ignored: an unknown query parameter, filter or body
field answers \`422\` naming it in \`field_errors\`.

## Dates
Reads answer instants in ISO 8601 with their offset (\`2027-06-01T17:30:00.000Z\`; \`format: date-time\`
in the schemas). Writes take an event's dates and times either as the wall clock in the event's time
zone (\`2027-06-01T19:30\`, as the forms send it) or as an ISO 8601 instant with its offset, so what a
read answered can be written back unchanged.

## Request ids
Every answer carries \`X-Request-Id\`: the id of the request in the server's logs. Send your own (8 to 64
letters, digits and \`._:-\`) to find a call in both your logs and ours; otherwise the server makes one.
Quote it when reporting a problem.

## Errors
Every answer that is not 2xx has one shape:

\`\`\`json
{ "error": { "code": "VALIDATION_FAILED", "message": "Please check the highlighted fields and try again.",
  "field_errors": { "name": ["This field is required."] } } }
\`\`\`

\`code\` is stable (for programs), \`message\` is for people, in the language of \`Accept-Language\`
(en, de, fr, es, pt, pt-BR, zh-CN). \`field_errors\` names each field of the body that was refused.
401: no or a bad token; 403: not allowed; 404: not found (also another account's ids); 409: the state
does not allow it (\`code\` says why); 422: invalid input; 429: slow down (\`Retry-After\`); 503: the
database is briefly unreachable (retry).

## Idempotency
Send \`Idempotency-Key: <any unique value up to 255 characters>\` with a POST, PUT, PATCH or DELETE made
with an API key (and with the checkout's calls) to make a retry safe: the first call runs; a repeat of
the same request with the same key gets the first answer again (with \`Idempotent-Replayed: true\`) and
changes nothing. The same key with a different request answers \`422 IDEMPOTENCY_KEY_REUSED\`; a repeat
while the first is still running answers \`409 IDEMPOTENCY_KEY_IN_USE\`. An answer that is not a success
keeps nothing, so the retry runs again. Keys belong to the API key that sent them and are remembered
for 24 hours. On the checkout's public calls a key belongs to the buyer's client: its checkout token
(\`X-Checkout-Token\`) or, without one, its connection address; the same key from another client is a
new request, and a repeated reservation is answered only while its order is still being checked out.

\`\`\`sh
curl -X POST -H "Authorization: Bearer ${API_KEY_PREFIX}…" -H "Idempotency-Key: 7f9c0b2e-crm-4711" \\
  -H "Content-Type: application/json" -d '{"name":"Early bird","type":"PAID","price":2500}' \\
  https://tickets.example.com/api/events/12/tickets
\`\`\`

## Versioning and changes
There is one version of the API today. Additive changes may come at any time: new fields in answers,
new endpoints, new values of an enum in answers (so ignore fields you do not know, and treat an
unknown enum value as "other"). A breaking change comes only with a new, dated version of the API,
announced ahead: the version you use does not change under you. Ask for a version with the
\`AdmitOne-Version\` header (today the only one is \`2026-12-01\`; an unknown one answers 422 naming the
header); every answer under /api names the version that made it in the same header. Without the
header, a call made with your session or API key gets your account's **pinned** version: the newest
one when the account was made (shown in *Account → API keys*). An admin moves the account on when its
systems are ready (\`PUT /api/accounts/{id}\` with \`api_version\`); until then, a newer version
changes nothing for calls that do not ask for it.

## Webhooks
An admin adds webhooks in *Account → Webhooks* (or with \`POST /api/webhooks\`): a URL, the events to
send, optionally one event of the account only. Types: ${WEBHOOK_EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}
(and \`webhook.test\` from "Send test event"). Each is a POST with a JSON body

\`\`\`json
{ "id": "evt_6f1c…", "type": "order.completed", "created_at": "2026-11-27T10:00:00.000Z",
  "account_id": 3, "event_id": 12, "sequence": 2,
  "data": { … the order as GET /api/events/12/orders/{id} returns it … } }
\`\`\`

\`data\` is the object as the API returned it at the change, built in the change's own transaction: an
\`order.created\` sent after the order was cancelled still shows it as created. \`sequence\` numbers the
events of one object (an order, an attendee, a product…): 1, 2, 3 in the order the changes happened,
so the highest one seen is the newest state (a webhook that receives only some types sees gaps); null
for \`webhook.test\`. Objects: orders, attendees, products (tickets and other products), waitlist entries;
a check-in carries its list, who and when, and the attendee; a deleted product only what it was. The
event is written in the same transaction as the change: never lost, never sent for a change that did
not happen. Delivery is at least once: a 2xx answer within 10 seconds counts; anything else (another
status, a redirect, which is not followed, no answer) is tried again after 1 minute, then doubling, for 3
days. A webhook failing for a day is turned off and the account's admins are mailed; its delivery log
keeps every attempt (status, time, the start of the answer), and any event can be sent again. URLs must
be http(s) and public: private, loopback and link-local addresses are refused.

### Verifying deliveries (Standard Webhooks)
Deliveries follow the [Standard Webhooks](https://www.standardwebhooks.com) specification: the headers
\`${STANDARD_WEBHOOK_HEADERS.id}\` (the event id: the same in every retry and resend, de-duplicate with
it), \`${STANDARD_WEBHOOK_HEADERS.timestamp}\` (Unix seconds) and \`${STANDARD_WEBHOOK_HEADERS.signature}\`:
\`v1,<base64>\`, the HMAC-SHA256 of \`<webhook-id>.<webhook-timestamp>.<raw body>\` keyed with the bytes
of the signing secret (\`whsec_\` and base64: the key is the base64 part, decoded), a space-separated list
should there ever be several. The secret is shown once; rotate it with \`POST /api/webhooks/{id}/secret\`.
Any Standard Webhooks library verifies them as they are, for example in Node.js with \`standardwebhooks\`:

\`\`\`js
import { Webhook } from 'standardwebhooks';
const payload = new Webhook(secret).verify(rawBody, headers); // throws when not signed with the secret or older than 5 minutes
\`\`\`

Or by hand (Node.js, with express.raw() or any way to read the raw body):

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';
function verify(rawBody, headers, secret, toleranceSeconds = 300) {
  const id = String(headers['${STANDARD_WEBHOOK_HEADERS.id}'] ?? '');
  const timestamp = String(headers['${STANDARD_WEBHOOK_HEADERS.timestamp}'] ?? '');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(createHmac('sha256', key).update(id + '.' + timestamp + '.' + rawBody).digest('base64'));
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= toleranceSeconds;
  const given = String(headers['${STANDARD_WEBHOOK_HEADERS.signature}'] ?? '').split(' ');
  // Compare bytes, not characters: timingSafeEqual throws on buffers of different lengths.
  return fresh && given.some((s) => {
    const b = Buffer.from(s.startsWith('v1,') ? s.slice(3) : '');
    return b.length === expected.length && timingSafeEqual(b, expected);
  });
}
\`\`\`

Deliveries also carry \`${WEBHOOK_HEADERS.type}\`, \`${WEBHOOK_HEADERS.attempt}\` (1, 2, … counting every
attempt, including one lost when a sender stopped mid-delivery), \`${WEBHOOK_HEADERS.id}\` and
\`${WEBHOOK_HEADERS.timestamp}\`. **Deprecated**: \`${WEBHOOK_HEADERS.signature}: v1=<hex>\` (the hex
HMAC-SHA256 of \`<timestamp>.<raw body>\` keyed with the secret's text as it is) is still sent until
${LEGACY_SIGNATURE_UNTIL}; move to \`${STANDARD_WEBHOOK_HEADERS.signature}\` before then. A secret made
before Standard Webhooks signing (\`whsec_\` and 43 characters, which may contain \`-\` and \`_\`) keeps
working with both: for the Standard Webhooks signature its key is the secret's text itself, so give a
library \`'whsec_' + Buffer.from(secret).toString('base64')\` (or \`new Webhook(secret, { format: 'raw' })\`),
or rotate it to get a new secret.
`.trim();
