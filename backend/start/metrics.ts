import emitter from '@adonisjs/core/services/emitter'
import transmit from '@adonisjs/transmit/services/main'
import router from '@adonisjs/core/services/router'
import { AppError } from '#core/errors'
import env from '#start/env'
import { bookingTransitions, liveMessagesSent, mayReadMetrics, metricsText } from '#core/metrics'
import { channelKind } from '#core/live'

/**
 * Prometheus's scrape of this instance (core/metrics.ts, docs/deploy.md "Metrics"). Outside /api: nginx
 * sends the public `/metrics` to the gateway, which refuses it; only the private network or the token
 * reaches it here.
 */
export const METRICS_REFUSED = 'Metrics are served only to the private network or with the metrics token.'

// METRICS_ENABLED=false: no route and no listener, and the API middleware times nothing
// (#core/middleware/api_request_middleware), so a request costs nothing for it (npm run bench -- observability).
if (env.get('METRICS_ENABLED') !== false) {
  router.get('/metrics', async (ctx) => {
    if (!mayReadMetrics(ctx)) throw AppError.forbidden(METRICS_REFUSED)
    const { contentType, body } = await metricsText()
    return ctx.response.header('Content-Type', contentType).send(body)
  })

  emitter.on('booking:status_changed', (change) =>
    bookingTransitions.inc({ action: change.action, from: change.from ?? 'none', to: change.to })
  )

  // Whether this instance broadcast it or heard it from another through Redis, each of its streams on
  // the channel is written one message. Transmit's own keep-alive pings are not counted.
  const countSent = ({ channel }: { channel: string }) => {
    if (channel.startsWith('$$transmit/')) return
    const streams = transmit.getSubscribersFor(channel).length
    if (streams > 0) liveMessagesSent.inc({ channel: channelKind(channel) }, streams)
  }
  transmit.on('broadcast', countSent)
  emitter.on('live:relayed', countSent)
}
