import { Exception } from '@adonisjs/core/exceptions'

export type FieldError = { field: string; message: string }

/** An expected failure whose message is meant for the user (rendered as `{ message, errors? }`). */
export class AppError extends Exception {
  readonly errors?: FieldError[]
  retryAfterSeconds?: number
  /** A machine-readable cause, in the body beside `message`, when a client acts on it. */
  reason?: string

  constructor(message: string, status: number, errors?: FieldError[]) {
    super(message, { status, code: 'E_APP_ERROR' })
    this.errors = errors
  }

  static tooManyRequests(message: string, retryAfterSeconds: number, reason?: string) {
    const error = new AppError(message, 429)
    error.retryAfterSeconds = retryAfterSeconds
    error.reason = reason
    return error
  }

  /** A dependency (the database) is briefly out of reach: the same request may succeed in a moment. */
  static serviceUnavailable(message = SERVICE_UNAVAILABLE_MESSAGE, retryAfterSeconds = SERVICE_RETRY_AFTER_SECONDS) {
    const error = new AppError(message, 503)
    error.retryAfterSeconds = retryAfterSeconds
    return error
  }

  static unauthorized(message = 'Authentication required. Please log in.') {
    return new AppError(message, 401)
  }

  static forbidden(message = 'You do not have permission to perform this action.') {
    return new AppError(message, 403)
  }

  static notFound(message = 'Not found') {
    return new AppError(message, 404)
  }

  static conflict(message: string) {
    return new AppError(message, 409)
  }

  static invalid(field: string, message: string) {
    return new AppError(message, 422, [{ field, message }])
  }
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.'

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few moments.'
export const SERVICE_RETRY_AFTER_SECONDS = 5
