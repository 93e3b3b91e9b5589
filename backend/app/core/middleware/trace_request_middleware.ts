import { trace } from '@opentelemetry/api'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import OtelMiddleware from '@adonisjs/otel/otel_middleware'

/**
 * Only with tracing on (start/kernel.ts): @adonisjs/otel's middleware names the request's span by its
 * route pattern; the request id goes on it too, so the reference a user quotes finds the trace (the
 * HTTP instrumentation's header capture cannot see the echoed header, written with the status).
 * Never the user: traces leave the instance.
 */
export default class TraceRequestMiddleware extends OtelMiddleware {
  constructor() {
    super({ userContext: false })
  }

  async handle(ctx: HttpContext, next: NextFn) {
    trace.getActiveSpan()?.setAttribute('http.request.header.x-request-id', [ctx.request.id()!])
    return super.handle(ctx, next)
  }
}
