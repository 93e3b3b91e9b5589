import type { JsonSchema, ModuleDocs } from '#core/openapi/types'
import { LIVE_CHANNELS } from '#core/live'
import { liveStreamLimits } from '#config/transmit'

const subscription: JsonSchema = {
  type: 'object',
  properties: {
    uid: { type: 'string', description: 'The id the event stream was opened with.' },
    channel: {
      type: 'string',
      description: `\`${LIVE_CHANNELS.lots}\`, \`users/{userId}/bookings\`, \`agencies/{agencyId}/bookings\` or \`${LIVE_CHANNELS.adminBookings}\`.`,
    },
  },
  required: ['uid', 'channel'],
}

const LOT_MESSAGE =
  '`{ type: "lot", lotId, developmentId, typeCode, lotNumber, unitNumber, status, previous, cause, at }` (`cause`: `booking`, `admin`, `import` or `expiry`; `previous` null for a new lot)'
const BOOKING_MESSAGE = '`{ type: "booking", bookingId, lotId, action, from, to, at }`'

/** The live updates' routes (start/transmit.ts, app/core/live.ts) in the API reference. */
export default {
  tag: 'Live updates',
  description: [
    "Server-sent events (`@adonisjs/transmit`; in a browser, `@adonisjs/transmit-client` with the site's origin as `baseUrl`), on the same origin as the API. Every committed change is pushed after its commit; a push is a hint to refresh, the API stays the truth.",
    `- \`${LIVE_CHANNELS.lots}\` (public): each lot whose status changed, ${LOT_MESSAGE}.`,
    `- \`users/{userId}/bookings\` (that user), \`agencies/{agencyId}/bookings\` (its agent admins), \`${LIVE_CHANNELS.adminBookings}\` (super admins): each booking transition, ${BOOKING_MESSAGE}.`,
    'Each message arrives as `data: { "channel": …, "payload": <message> }`.',
  ].join('\n'),
  operations: {
    'GET /__transmit/events': {
      summary: 'Open an event stream',
      description:
        "A `text/event-stream` that stays open; it hears the channels its `uid` subscribes to, and a ping every 25 s. The answer sets the `aero_live` cookie (path `/__transmit`, HTTP-only) naming the opener: the stream's subscribe and unsubscribe requests must carry it (a browser sends it by itself; another client sends back the cookie it was given).",
      query: {
        type: 'object',
        properties: { uid: { type: 'string', description: 'A random id the client chose (a UUID).' } },
        required: ['uid'],
      },
      responses: {
        200: { description: 'The stream.', contentType: 'text/event-stream', schema: { type: 'string' } },
        400: 'No `uid`.',
        409: 'Another opener has a stream open under this `uid`.',
        429: `Too many streams open from this address (${liveStreamLimits.perAddress}), or for this signed-in person (${liveStreamLimits.perUser}); \`Retry-After\` says when to try again.`,
        503: 'This instance holds as many streams as it may; `Retry-After` says when to try again.',
      },
    },
    'POST /__transmit/subscribe': {
      summary: 'Subscribe a stream to a channel',
      description:
        '`lots` needs no sign-in. A private channel is answered for the signed-in user of this request (bearer token, or the session cookie with `X-XSRF-TOKEN`): their own bookings, their agency as its agent admin, every booking as a super admin.',
      body: { toJSONSchema: () => subscription },
      responses: {
        204: 'Subscribed.',
        400: 'Unknown channel, no such stream, or a private channel this user may not hear.',
        403: "Without the stream opener's cookie; signed by the session cookie without the CSRF header; or a super admin who must set up two-step sign-in first.",
      },
    },
    'POST /__transmit/unsubscribe': {
      summary: 'Unsubscribe a stream from a channel',
      body: { toJSONSchema: () => subscription },
      responses: {
        204: 'Unsubscribed.',
        400: 'Unknown channel, or no such stream.',
        403: "Without the stream opener's cookie.",
      },
    },
  },
} satisfies ModuleDocs
