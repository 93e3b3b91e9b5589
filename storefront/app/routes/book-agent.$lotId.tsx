import { data, redirect, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { AgentBookingPanel } from '~/components/booking/agent-booking-form'
import type { AgentBookingPageData, AgentBookingResult } from '~/components/booking/agent-booking-form'
import {
  AGENT_BOOKING_MESSAGES,
  AGENT_FILE_FIELDS,
  AGENT_TEXT_FIELDS,
  agentFailureMessage,
  agentPropertyId,
  agentRequestMessage,
  validateAgentBooking,
} from '~/components/booking/agent-booking-rules'
import type { AgentBookingField, AgentTextField } from '~/components/booking/agent-booking-rules'
import { bookingLotLabel } from '~/components/booking/booking-panel'
import { CONSENT_REQUIRED } from '~/components/booking/privacy-consent'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { audienceOf } from '~/components/public/hub/audience'
import { getLot } from '~/models/lots.server'
import { getPrivacyNotice } from '~/models/privacy-notice.server'
import { ApiError, apiForwardBody, cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin, requireUser } from '~/utils/auth.server'
import { cacheControlHeaders, requirePageData } from '~/utils/cache-control.server'
import { MESSAGES } from '~/utils/messages'
import { safeRedirect } from '~/utils/redirects'
import type { FieldErrors } from '~/utils/validation'
import { hasErrors } from '~/utils/validation'
import bookingStyles from '~/components/booking/booking.css?url'

/** The backend's limit on each document (backend/app/bookings/services/document_store.ts). */
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: bookingStyles }]

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  {
    title: page
      ? `Agent booking: ${bookingLotLabel(page.lot)} | Aero Property Booking`
      : 'Agent booking | Aero Property Booking',
  },
  { name: 'robots', content: 'noindex' },
]

function lotIdFrom(param: string | undefined): number {
  const id = Number(param)
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Lot not found' }, { status: 404 })
  return id
}

async function loadLot(request: Request, lotId: number) {
  try {
    return (await requirePageData(getLot(request, lotId), MESSAGES.lotsLoadFailed)).data
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data({ message: 'Lot not found' }, { status: 404 })
    throw error
  }
}

function returnToOf(request: Request): string {
  return safeRedirect(new URL(request.url).searchParams.get('returnTo'), '/aero-industrial-hub')
}

export async function loader({ request, params }: LoaderFunctionArgs): Promise<AgentBookingPageData> {
  const lotId = lotIdFrom(params.lotId)
  const user = await requireUser(request)
  const returnTo = returnToOf(request)
  // Only agent admins use this form; everyone else has the regular booking form.
  if (audienceOf(user) !== 'agent_admin') throw redirect(`/book/${lotId}?returnTo=${encodeURIComponent(returnTo)}`)
  const [lot, notice] = await Promise.all([
    loadLot(request, lotId),
    requirePageData(getPrivacyNotice(request), MESSAGES.lotsLoadFailed),
  ])
  return {
    lot: {
      id: lot.id,
      lotNumber: lot.lotNumber,
      unitNumber: lot.unitNumber,
      title: lot.title,
      type: lot.type,
      typeCode: lot.typeCode,
      landSize: lot.landSize,
      builtUpArea: lot.builtUpArea,
      price: lot.price,
      priceSen: lot.priceSen ?? null,
      status: lot.status,
      bumiputeraReserved: lot.bumiputeraReserved === true,
    },
    available: lot.status === 'available',
    defaults: { agentName: user.name ?? '', email: user.email ?? '', phone: user.phone ?? '' },
    notice,
    returnTo,
  }
}

export const headers = cacheControlHeaders

/** The privacy notice's box and the version it showed go on to the backend as they came. */
const CONSENT_FIELDS = ['consent', 'noticeVersion'] as const
const FIELD_NAMES = new Set<string>([...AGENT_TEXT_FIELDS, ...AGENT_FILE_FIELDS, ...CONSENT_FIELDS])

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const lotId = lotIdFrom(params.lotId)
  await requireUser(request)

  // The documents are kept in memory (each at most 10 MB) so the request can be rewritten
  // into the backend's fields: propertyId, requestMessage, contactPhone and the files.
  let form: FormData
  try {
    form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({
        maxPartSize: MAX_DOCUMENT_BYTES,
        filter: ({ name }) => FIELD_NAMES.has(name),
      })
    )
  } catch {
    return answer(
      {
        ok: false,
        message: agentFailureMessage('Each file can be at most 10 MB.'),
        fieldErrors: {},
        values: emptyValues(),
      },
      413
    )
  }

  const text = (name: AgentTextField) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const file = (name: string) => {
    const value = form.get(name)
    return value instanceof File && value.name && value.size > 0 ? value : null
  }
  const values = Object.fromEntries(AGENT_TEXT_FIELDS.map((field) => [field, text(field)])) as Record<
    AgentTextField,
    string
  >
  const files = { icFront: file('icFront'), icBack: file('icBack'), cheque: file('cheque') }
  const toRule = (found: File | null) => (found ? { name: found.name, type: found.type } : null)
  const fieldErrors = validateAgentBooking({
    ...values,
    icFront: toRule(files.icFront),
    icBack: toRule(files.icBack),
    cheque: toRule(files.cheque),
  })
  if (!form.get('consent')) fieldErrors.consent = CONSENT_REQUIRED
  if (hasErrors(fieldErrors))
    return answer(
      { ok: false, message: agentFailureMessage('Please correct the marked fields.'), fieldErrors, values },
      400
    )

  const lot = await loadLot(request, lotId)
  const outgoing = new FormData()
  outgoing.set('propertyId', agentPropertyId(lot.typeCode ?? '', lot.lotNumber))
  outgoing.set('requestMessage', agentRequestMessage(values))
  outgoing.set('contactPhone', values.phone.trim())
  for (const name of CONSENT_FIELDS) {
    const value = form.get(name)
    if (typeof value === 'string') outgoing.set(name, value)
  }
  for (const name of AGENT_FILE_FIELDS) {
    const chosen = files[name]
    if (chosen) outgoing.set(name, chosen, chosen.name)
  }
  const headers = new Headers(request.headers)
  headers.delete('Content-Type')
  headers.delete('Content-Length')
  const rewritten = new Request(request.url, { method: 'POST', headers, body: outgoing })

  try {
    const response = await apiForwardBody<{ message?: string }>(rewritten, '/api/bookings/property', { method: 'POST' })
    return answer(
      { ok: true, message: response.data.message || AGENT_BOOKING_MESSAGES.success, fieldErrors: {}, values },
      201,
      cookieHeaders(response.setCookies)
    )
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const serverErrors: FieldErrors<AgentBookingField> = {}
    for (const entry of error.fieldErrors) {
      if (entry.field === 'icFront' || entry.field === 'icBack') serverErrors.ic = entry.message
      else if (entry.field === 'cheque') serverErrors.cheque = entry.message
      else if (entry.field === 'consent') serverErrors.consent = entry.message
    }
    return answer(
      {
        ok: false,
        message: agentFailureMessage(error.serverMessage ?? error.message),
        fieldErrors: serverErrors,
        values,
      },
      error.status >= 400 ? error.status : 502,
      cookieHeaders(error.setCookies)
    )
  }
}

function emptyValues(): Record<AgentTextField, string> {
  return Object.fromEntries(AGENT_TEXT_FIELDS.map((field) => [field, ''])) as Record<AgentTextField, string>
}

function answer(result: Omit<AgentBookingResult, 'intent'>, status: number, headers?: Headers) {
  return data<AgentBookingResult>({ intent: 'agent-booking', ...result }, { status, headers })
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, currentUrl, defaultShouldRevalidate }) => {
  // After the agent booking on its own page the answer stays on screen as it came.
  if (formAction?.startsWith('/book-agent/') && currentUrl.pathname.startsWith('/book-agent/')) return false
  return defaultShouldRevalidate
}

export default function AgentBookingRoute() {
  const page = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <section className="section">
      <div className="section__inner section__inner--narrow">
        <AgentBookingPanel
          data={page}
          headingId="agent-booking-title"
          headingLevel={1}
          pageResult={actionData ?? null}
        />
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
