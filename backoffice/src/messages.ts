import { useMemo } from 'react'
import { HttpError, useNotify } from 'react-admin'

/** Success messages clear after 3 s, errors after 5 s (requirements: display.md#message-timings). */
export const SUCCESS_MESSAGE_MS = 3000
export const ERROR_MESSAGE_MS = 5000

/** The backend's message for a refusal (4xx): it is written for the user. Server faults are not. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.status >= 500) return undefined
  const body = error.body as { message?: unknown } | undefined
  const message = typeof body?.message === 'string' ? body.message : error.message
  return message || undefined
}

/** A server fault's reference, its request's id in the logs (`{ message, reference }`), for support. */
export function referenceOf(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.status < 500) return undefined
  const reference = (error.body as { reference?: unknown } | undefined)?.reference
  return typeof reference === 'string' && /^[A-Za-z0-9_-]{8,128}$/.test(reference) ? reference : undefined
}

/** The server's message when it gave one, otherwise the screen's own text, with a server fault's reference. */
export function messageOf(error: unknown, fallback: string): string {
  const message = serverMessage(error)
  if (message) return message
  const reference = referenceOf(error)
  return reference ? `${fallback} (Reference: ${reference})` : fallback
}

/** A refusal's field errors, from the backend's `[{ field, message }]`: the first message kept per field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const list = (error as { body?: { errors?: unknown } } | null)?.body?.errors
  const errors: Record<string, string> = {}
  if (!Array.isArray(list)) return errors
  for (const item of list as Array<{ field?: unknown; message?: unknown }>) {
    if (typeof item.field === 'string' && typeof item.message === 'string') errors[item.field] ??= item.message
  }
  return errors
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined
}

/** Toasts with the spec's timings. Messages are shown as written, never as translation keys. */
export function useFlash() {
  const notify = useNotify()
  return useMemo(
    () => ({
      success: (message: string) =>
        notify(message, { type: 'success', autoHideDuration: SUCCESS_MESSAGE_MS, messageArgs: { _: message } }),
      error: (message: string) =>
        notify(message, { type: 'error', autoHideDuration: ERROR_MESSAGE_MS, messageArgs: { _: message } }),
    }),
    [notify]
  )
}
