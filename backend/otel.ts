/**
 * OpenTelemetry's start: bin/server.ts imports this before anything else, so the modules it traces
 * (http, knex, ioredis, pino, fetch) are hooked as they load. Without the `OTEL_*` variables nothing
 * here loads: no SDK, no module hooks.
 */
import { tracing, tracingWanted } from './app/core/tracing.js'

if (tracingWanted()) {
  // Traces only unless asked: metrics are Prometheus's (/metrics), logs go to stdout as JSON.
  process.env.OTEL_METRICS_EXPORTER ??= 'none'
  process.env.OTEL_LOGS_EXPORTER ??= 'none'
  const { init } = await import('@adonisjs/otel/init')
  await init(import.meta.dirname)
  tracing.started = true
}
