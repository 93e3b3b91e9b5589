import { Link, isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react'
import type { ReactNode } from 'react'
import { MESSAGES } from '~/utils/messages'
import { useServerRequestId } from '~/utils/request-id'

interface ErrorCopy {
  title: string
  message: string
}

/** What each status says to the visitor; anything else is the generic text. */
const STATUS_COPY: Record<number, ErrorCopy> = {
  400: { title: 'Bad request', message: 'The request could not be understood. Please check and try again.' },
  401: { title: 'Please log in', message: 'You need to be logged in to see this page.' },
  403: { title: 'Access denied', message: "You don't have permission to view this page." },
  404: { title: 'Page not found', message: "We couldn't find the page you were looking for." },
  429: { title: 'Too many requests', message: 'Please wait a moment and try again.' },
  502: { title: 'Service unavailable', message: MESSAGES.serviceUnavailable },
  503: { title: 'Service unavailable', message: MESSAGES.serviceUnavailable },
  504: { title: 'Service unavailable', message: MESSAGES.serviceUnavailable },
}

const UNEXPECTED: ErrorCopy = { title: 'Something went wrong', message: MESSAGES.unexpected }

export function errorCopyFor(status: number | null): ErrorCopy {
  return (status !== null && STATUS_COPY[status]) || UNEXPECTED
}

/** The backend is out of reach for now: the page says what it could not load and offers to try again. */
const RETRYABLE = new Set([502, 503, 504])

/** A server fault's reference (its request's id in the logs), when the page's loader gave one. */
function thrownReference(data: unknown): string | null {
  const reference = data && typeof data === 'object' ? (data as { reference?: unknown }).reference : undefined
  return typeof reference === 'string' && /^[A-Za-z0-9_-]{8,128}$/.test(reference) ? reference : null
}

function thrownMessage(data: unknown): string | null {
  if (!data || typeof data !== 'object' || !('message' in data) || typeof data.message !== 'string') return null
  return data.message.trim() || null
}

/** The one error boundary: the root and any route render their errors through it. */
export function GeneralErrorBoundary({ children }: { children?: ReactNode }) {
  const error = useRouteError()
  const location = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : null
  if (!isRouteErrorResponse(error)) console.error(error)
  const copy = errorCopyFor(status)
  const retryable = status !== null && RETRYABLE.has(status)
  // A page that could not load its data names it in its own words (the loader's message).
  const what = retryable && isRouteErrorResponse(error) ? thrownMessage(error.data) : null
  const serverRequestId = useServerRequestId()
  // A server fault quotes the backend's reference if the loader passed one on; a crash (an
  // exception, not a response) quotes the id of the page request whose log line tells it.
  const crashed = status === null || status >= 500
  const reference = crashed ? (isRouteErrorResponse(error) && thrownReference(error.data)) || serverRequestId : null

  return (
    <section className="error-page" aria-labelledby="error-title">
      {status ? <p className="error-page__status">Error {status}</p> : null}
      <h1 id="error-title">{copy.title}</h1>
      {what && what !== copy.message ? <p role="alert">{what}</p> : null}
      <p>{copy.message}</p>
      {reference ? (
        <p className="error-page__reference" data-request-id={reference === serverRequestId ? reference : undefined}>
          If you contact us, quote this reference: {reference}
        </p>
      ) : null}
      {children}
      <p className="error-page__actions">
        {retryable ? (
          <Link to={location} reloadDocument className="button button--primary">
            Try again
          </Link>
        ) : null}
        <Link to="/" className={retryable ? 'button button--ghost' : 'button button--primary'}>
          Go to the home page
        </Link>
        <Link to="/aero-industrial-hub" className="button button--ghost">
          Browse units
        </Link>
      </p>
    </section>
  )
}
