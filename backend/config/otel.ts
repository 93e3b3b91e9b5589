import type { OtelConfig } from '@adonisjs/otel/types'
import { tracingWanted } from '#core/tracing'

/**
 * What the SDK traces and how (otel.ts starts it; the exporter, endpoint, protocol and sampler are the
 * standard `OTEL_*` variables, docs/deploy.md "Traces"). Not `defineConfig`: the package's main entry
 * loads the whole SDK, tracing or not.
 */
export default {
  enabled: tracingWanted(),
  serviceName: process.env.OTEL_SERVICE_NAME ?? process.env.APP_NAME ?? 'aero-backend',
  ...(process.env.INSTANCE_NAME && { resourceAttributes: { 'service.instance.id': process.env.INSTANCE_NAME } }),
  instrumentations: {
    '@opentelemetry/instrumentation-http': {
      // Probes and scrapes every few seconds would drown the requests worth reading.
      ignoredUrls: ['/api/health', '/api/health/live', '/api/health/ready'],
    },
    // Log lines carry trace_id and span_id; the lines themselves stay on stdout.
    '@opentelemetry/instrumentation-pino': { disableLogSending: true },
  },
} satisfies OtelConfig
