import transmit from '@adonisjs/transmit/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn, ParsedNamedMiddleware } from '@adonisjs/core/types/http'
import { middleware, stateful } from '#start/kernel'
import { liveStreamLimits } from '#config/transmit'
import { AppError } from '#core/errors'
import type User from '#identity/models/user'
import { TWO_FACTOR_SETUP_REQUIRED, mustEnrol } from '#identity/services/two_factor'
import BookingPolicy from '#bookings/policies/booking_policy'
import NotificationPolicy from '#notifications/policies/notification_policy'
import { LIVE_CHANNELS, PRIVATE_CHANNEL_PATTERNS, isPrivateChannel } from '#core/live'
import {
  LIVE_OWNER_COOKIE,
  findStream,
  newOwnerKey,
  noteListener,
  ownedBy,
  recordStream,
  type OpenStream,
} from '#core/live_streams'

/**
 * Live updates over server-sent events (app/core/live.ts): GET /__transmit/events opens a
 * stream, POST /__transmit/subscribe and /__transmit/unsubscribe pick its channels. The
 * storefront's gateway passes /__transmit through, so browsers reach it on the one origin.
 *
 * A stream needs nobody; what it hears is decided when it subscribes. `lots` is public: a
 * visitor's subscription reads and writes nothing (no session, no CSRF secret). A private
 * channel is asked for as the signed-in user of the subscribe request (cookie session, with
 * its CSRF check, or bearer token) and BookingPolicy answers; anything else is refused. A
 * super admin who must still set up two-step sign-in hears nothing private, as the API refuses
 * them everything but the setup (#identity/middleware/auth_middleware).
 *
 * A stream is its opener's (app/core/live_streams.ts): the events response sets a signed
 * cookie naming the opener, and subscribe and unsubscribe for that stream's uid are refused
 * without it. Browsers send it by themselves (the Transmit client asks with credentials); other
 * clients echo the cookie they were given. Open streams are capped per address, per signed-in
 * opener and in all (config/transmit.ts): beyond, a 429 or 503 JSON answer.
 */
const signedIn: ParsedNamedMiddleware[] = [...stateful(), middleware.silentAuth()]

function through(chain: ParsedNamedMiddleware[], ctx: HttpContext, next: NextFn): Promise<unknown> {
  const [first, ...rest] = chain
  if (!first) return Promise.resolve(next())
  return Promise.resolve(first.handle(ctx.containerResolver, ctx, () => through(rest, ctx, next), first.args))
}

/** A private channel's asker: refused while they must set up two-step sign-in, noted on the stream otherwise. */
async function asListener(ctx: HttpContext, stream: OpenStream, next: NextFn) {
  const user = ctx.auth?.user as User | undefined
  if (user && (await mustEnrol(user))) throw AppError.forbidden(TWO_FACTOR_SETUP_REQUIRED)
  if (user) noteListener(stream, user.id)
  return next()
}

function streamId(ctx: HttpContext): string | null {
  const uid = ctx.request.input('uid')
  return typeof uid === 'string' && uid.length > 0 && uid.length <= 100 ? uid : null
}

const LIVE_AT_CAPACITY = 'Live updates are at capacity right now. Please try again shortly.'
const LIVE_RESTARTING = 'This server is restarting. Live updates reconnect in a moment.'

/** A stream's refusals, as their answers. */
const REFUSED = {
  taken: () => AppError.conflict('This stream id is taken by another stream. Open yours under a new id.'),
  address: () =>
    AppError.tooManyRequests(
      `Too many live-update streams are open from your address (${liveStreamLimits.perAddress} at most). Close some pages, then try again.`,
      30
    ),
  user: () =>
    AppError.tooManyRequests(
      `Too many live-update streams are open for your account (${liveStreamLimits.perUser} at most). Close some pages, then try again.`,
      30
    ),
}

/**
 * Opens a stream, counted: the opener is identified as a subscribe request is (a stream names
 * whom it counts against; it hears nothing private by that) and refused beyond the caps.
 */
async function asStreamOpener(ctx: HttpContext, next: NextFn) {
  const uid = streamId(ctx)
  if (!uid) return ctx.response.badRequest({ message: 'A stream id is required: /__transmit/events?uid=<id>.' })
  return through(signedIn, ctx, async () => {
    const owner = ctx.request.cookie(LIVE_OWNER_COOKIE) ?? newOwnerKey()
    const refused = await recordStream({
      uid,
      owner,
      address: ctx.request.ip(),
      userId: (ctx.auth?.user as User | undefined)?.id ?? null,
      response: ctx.response.response,
    })
    if (refused === 'gone') return
    if (refused === 'full' || refused === 'closing') {
      // Answered, not thrown: a busy or stopping process is not a fault to log for every stream refused.
      ctx.response.header('Retry-After', refused === 'full' ? '30' : '1')
      return ctx.response.serviceUnavailable({ message: refused === 'full' ? LIVE_AT_CAPACITY : LIVE_RESTARTING })
    }
    if (refused) throw REFUSED[refused]()
    // Sent with the stream's headers (Transmit writes them from the response's); kept until the browser closes.
    ctx.response.cookie(LIVE_OWNER_COOKIE, owner, {
      path: '/__transmit',
      httpOnly: true,
      sameSite: 'strict',
      maxAge: undefined,
    })
    return next()
  })
}

async function asSubscriber(ctx: HttpContext, next: NextFn) {
  const uid = streamId(ctx)
  if (!uid) return ctx.response.badRequest({ message: 'A stream id (uid) from /__transmit/events is required.' })
  const stream = findStream(uid)
  if (!stream)
    return ctx.response.badRequest({ message: 'There is no such stream open (it has closed, or never opened).' })
  if (!ownedBy(stream, ctx.request.cookie(LIVE_OWNER_COOKIE))) {
    throw AppError.forbidden('This stream was opened by someone else: only its opener may choose what it hears.')
  }
  const channel = ctx.request.input('channel')
  if (channel !== LIVE_CHANNELS.lots && !isPrivateChannel(channel)) {
    return ctx.response.badRequest({ message: 'There is no such channel.' })
  }
  await (channel === LIVE_CHANNELS.lots ? next() : through(signedIn, ctx, () => asListener(ctx, stream, next)))
  // Transmit refuses an unknown stream or a refused channel with an empty 400: say why, as JSON.
  if (ctx.response.getStatus() === 400 && (ctx.response.getBody() ?? '') === '') {
    ctx.response.badRequest({ message: 'This stream cannot hear that channel (an unknown stream, or not yours).' })
  }
}

transmit.registerRoutes((route) => {
  route.use(route.getPattern() === '__transmit/events' ? asStreamOpener : asSubscriber)
})

/** The signed-in user's bouncer; absent (refused) when the request did not go through `signedIn`. */
const policy = (ctx: HttpContext) => ctx.bouncer?.with(BookingPolicy)

transmit.authorize<{ userId: string }>(
  PRIVATE_CHANNEL_PATTERNS.userBookings,
  async (ctx, { userId }) => (await policy(ctx)?.allows('watchOwn', Number(userId))) ?? false
)

transmit.authorize<{ agencyId: string }>(
  PRIVATE_CHANNEL_PATTERNS.agencyBookings,
  async (ctx, { agencyId }) => (await policy(ctx)?.allows('watchAgency', Number(agencyId))) ?? false
)

transmit.authorize(
  PRIVATE_CHANNEL_PATTERNS.adminBookings,
  async (ctx) => (await policy(ctx)?.allows('watchAll')) ?? false
)

transmit.authorize<{ userId: string }>(
  PRIVATE_CHANNEL_PATTERNS.userNotifications,
  async (ctx, { userId }) => (await ctx.bouncer?.with(NotificationPolicy).allows('watch', Number(userId))) ?? false
)
