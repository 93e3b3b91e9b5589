import type { ApplicationService } from '@adonisjs/core/types'
import { tracing } from '#core/tracing'

/** @adonisjs/otel's provider (errors recorded on the request's span, its middleware), only when tracing started. */
const OtelProvider = tracing.started ? (await import('@adonisjs/otel/otel_provider')).default : null

export default class TracingProvider {
  #otel

  constructor(app: ApplicationService) {
    this.#otel = OtelProvider ? new OtelProvider(app) : null
  }

  register() {
    this.#otel?.register()
  }

  /** Sends the spans still buffered before the process exits. */
  async shutdown() {
    await this.#otel?.shutdown()
  }
}
