import app from '@adonisjs/core/services/app'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { AppError, type FieldError } from '#core/errors'
import { unavailableDependency } from '#core/dependency_outage'

type ErrorBody = { message: string; errors?: FieldError[]; reason?: string; reference?: string }

const GENERIC_DENIALS = new Set(['Access denied', 'Unauthorized access', 'E_AUTHORIZATION_FAILURE'])

const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again later.'

const FRAMEWORK_MESSAGES: Record<string, string> = {
  E_ROUTE_NOT_FOUND: 'Not found',
  E_ROW_NOT_FOUND: 'Not found',
  E_UNAUTHORIZED_ACCESS: 'Authentication required. Please log in.',
  E_AUTHORIZATION_FAILURE: 'You do not have permission to perform this action.',
  E_BAD_CSRF_TOKEN: 'Your form has expired. Please reload the page and try again.',
  E_TOO_MANY_REQUESTS: 'Too many requests. Please wait a moment and try again.',
}

/** The database or Redis out of reach (down, restarting, connections killed) is a 503: try again shortly. */
function outageAsAnswer(error: unknown): unknown {
  return !(error instanceof AppError) && unavailableDependency(error) ? AppError.serviceUnavailable() : error
}

/** One JSON shape for every client; server faults never leak details. */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  async handle(error: unknown, ctx: HttpContext) {
    const failure = outageAsAnswer(error)
    const { status, body } = this.toResponse(failure)
    // A server fault names its request: support finds its log lines by this reference (`request_id`).
    if (status >= 500) body.reference = ctx.request.id()
    if (failure instanceof AppError && failure.retryAfterSeconds) {
      ctx.response.header('Retry-After', String(failure.retryAfterSeconds))
    }
    return ctx.response.status(status).send(body)
  }

  /** Refusals (4xx) are answers, not incidents; an outage is one log line per request, not a stack each. */
  async report(error: unknown, ctx: HttpContext) {
    const dependency = unavailableDependency(error)
    if (dependency) {
      // The code says enough; a query's message would quote its values.
      const { code, name } = error as { code?: string; name?: string }
      ctx.logger.warn(
        { code: code ?? name, url: ctx.request.url() },
        dependency === 'database' ? 'Database unavailable' : 'Redis unavailable'
      )
      return
    }
    if (this.toResponse(error).status < 500) return
    return super.report(error, ctx)
  }

  private toResponse(error: unknown): { status: number; body: ErrorBody } {
    if (error instanceof AppError) {
      return { status: error.status, body: { message: error.message, errors: error.errors, reason: error.reason } }
    }
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const fieldErrors = (error.messages as Array<{ field: string; message: string }>).map(({ field, message }) => ({
        field,
        message,
      }))
      return {
        status: 422,
        body: { message: fieldErrors[0]?.message ?? 'Validation failed', errors: fieldErrors },
      }
    }
    const { status, code, message } = error as { status?: number; code?: string; message?: string }
    const httpStatus = typeof status === 'number' && status >= 400 && status < 600 ? status : 500
    if (httpStatus >= 500) {
      return { status: httpStatus, body: { message: GENERIC_SERVER_ERROR } }
    }
    // A policy's own deny message is meant for the user; framework defaults are replaced.
    const denial = (error as { response?: { message?: string } }).response?.message
    const ownMessage = code === 'E_AUTHORIZATION_FAILURE' && denial && !GENERIC_DENIALS.has(denial) ? denial : undefined
    const known = code ? FRAMEWORK_MESSAGES[code] : undefined
    return { status: httpStatus, body: { message: ownMessage ?? known ?? message ?? 'Bad request' } }
  }
}
