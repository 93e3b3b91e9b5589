import { data } from '@remix-run/node'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { listAgencyOptions, requestMembership } from '~/models/agency-membership.server'
import type { AgencyOption } from '~/models/agency-membership.server'
import { agencyRequestBlock, validateAgencyRequest } from '~/utils/account'
import type { AgencyRequestValues } from '~/utils/account'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin, requireUser, throwIfSignedOut } from '~/utils/auth.server'
import { cacheControlHeaders } from '~/utils/cache-control.server'
import { fieldErrorsFrom } from '~/utils/form-errors'
import { safeRedirect } from '~/utils/redirects'
import { hasErrors, readTextFields } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

const FIELDS = ['agencyId', 'message'] as const
type Field = (typeof FIELDS)[number]
/** Agency request redirect after 3 seconds (requirements: account.md#agency-request-screen). */
const REDIRECT_DELAY_MS = 3_000
const DEFAULT_DESTINATION = '/enhanced-dashboard'
const AGENCIES_FAILED = 'No agencies loaded. Please reload the page or contact support.'
const SUBMIT_FAILED = 'Failed to submit request. Please try again.'

export const meta: MetaFunction = () => [{ title: 'Join an agency | Aero Property Booking' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), DEFAULT_DESTINATION)
  let agencies: AgencyOption[] = []
  let agenciesError: string | null = null
  try {
    agencies = (await listAgencyOptions(request)).data
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    console.error(`Could not load the agencies: ${error.message}`)
    agenciesError = AGENCIES_FAILED
  }
  if (!agenciesError && agencies.length === 0) agenciesError = AGENCIES_FAILED
  return { user, agencies, agenciesError, redirectTo }
}

export const headers = cacheControlHeaders

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const user = await requireUser(request)
  const form = await request.formData()
  const redirectTo = safeRedirect(form.get('redirectTo'), DEFAULT_DESTINATION)
  const values: AgencyRequestValues = readTextFields(form, FIELDS)
  const kept = { agencyId: values.agencyId.trim(), message: values.message.trim() }

  const fieldErrors = validateAgencyRequest(values, user)
  if (hasErrors(fieldErrors)) return data(failure(kept, fieldErrors, null), { status: 400 })

  try {
    const { data: answer, setCookies } = await requestMembership(request, {
      agencyId: Number(kept.agencyId),
      requestMessage: kept.message,
    })
    return data(
      { submitted: true as const, message: answer.message, redirectTo },
      { status: 201, headers: cookieHeaders(setCookies) }
    )
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    // The backend names the field for the spec's blocking texts (already a member, ...).
    const serverFieldErrors = fieldErrorsFrom(
      error.fieldErrors.map((entry) => (entry.field === 'requestMessage' ? { ...entry, field: 'message' } : entry)),
      FIELDS
    )
    const formError = hasErrors(serverFieldErrors)
      ? null
      : error.status > 0 && error.status < 500 && error.serverMessage
        ? error.serverMessage
        : SUBMIT_FAILED
    return data(failure(kept, serverFieldErrors, formError), {
      status: error.status || 502,
      headers: cookieHeaders(error.setCookies),
    })
  }
}

function failure(values: AgencyRequestValues, fieldErrors: FieldErrors<Field>, formError: string | null) {
  return { submitted: false as const, values, fieldErrors, formError }
}

/** Agency request screen: agency, message, blocking rules, success (requirements: account.md#agency-request-screen). */
export default function AgencyRequestRoute() {
  const { user, agencies, agenciesError, redirectTo } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const navigate = useNavigate()
  const submitting = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const failed = result && !result.submitted ? result : null
  const [errors, setErrors] = useState<FieldErrors<Field>>(failed?.fieldErrors ?? {})
  const agencyFieldId = useId()
  const messageFieldId = useId()

  useEffect(() => setErrors(failed?.fieldErrors ?? {}), [failed])

  const submitted = result?.submitted === true ? result : null
  useEffect(() => {
    if (!submitted) return
    const timer = window.setTimeout(() => navigate(submitted.redirectTo), REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [submitted, navigate])

  if (submitted) {
    return (
      <Page>
        <p className="alert alert--success" role="status">
          {submitted.message}
        </p>
        <p>You will be taken back in a moment.</p>
        <p>
          <Link to={submitted.redirectTo} className="button button--primary">
            Continue
          </Link>
        </p>
      </Page>
    )
  }

  if (user.role !== 'user') {
    return (
      <Page>
        <p className="alert alert--info">Agency membership requests are made by regular user accounts.</p>
        <p>
          <Link to="/dashboard" className="button button--primary">
            Back to dashboard
          </Link>
        </p>
      </Page>
    )
  }

  const blocked = agencyRequestBlock(user)
  if (blocked) {
    return (
      <Page>
        <p className="alert alert--info" role="status">
          {blocked}
        </p>
        <p>
          <Link to={redirectTo} className="button button--primary">
            Back
          </Link>
        </p>
      </Page>
    )
  }

  const pendingAgencyId = user.agencyStatus === 'pending' && user.agencyId !== null ? String(user.agencyId) : null

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const found = validateAgencyRequest(readTextFields(new FormData(event.currentTarget), FIELDS), user)
    if (!hasErrors(found)) return
    event.preventDefault()
    setErrors(found)
    event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }

  return (
    <Page>
      {pendingAgencyId ? (
        <p className="alert alert--warning" role="status">
          Your request to join {user.agencyName ?? 'an agency'} is waiting for approval.
        </p>
      ) : null}
      {agenciesError ? (
        <p className="alert alert--error" role="alert">
          {agenciesError}
        </p>
      ) : null}
      {failed?.formError ? (
        <p className="alert alert--error" role="alert">
          {failed.formError}
        </p>
      ) : null}

      <Form
        method="post"
        noValidate
        className="form"
        onSubmit={checkBeforeSending}
        onChange={(event) => {
          const name = (event.target as HTMLElement & { name: string }).name as Field
          setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current))
        }}
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="field">
          <label htmlFor={agencyFieldId} className="field__label">
            Agency
          </label>
          <select
            id={agencyFieldId}
            name="agencyId"
            className="field__input"
            required
            defaultValue={failed?.values.agencyId ?? ''}
            aria-invalid={errors.agencyId ? true : undefined}
            aria-describedby={errors.agencyId ? `${agencyFieldId}-error` : undefined}
          >
            <option value="">Select an agency</option>
            {agencies.map((agency) => {
              const pending = String(agency.id) === pendingAgencyId
              return (
                <option key={agency.id} value={agency.id} disabled={pending}>
                  {pending ? `${agency.name} (Pending Approval)` : agency.name}
                </option>
              )
            })}
          </select>
          {errors.agencyId ? (
            <p id={`${agencyFieldId}-error`} className="field__error">
              {errors.agencyId}
            </p>
          ) : null}
        </div>

        <div className="field">
          <label htmlFor={messageFieldId} className="field__label">
            Message
          </label>
          <textarea
            id={messageFieldId}
            name="message"
            rows={4}
            className="field__input"
            required
            maxLength={2000}
            placeholder="Tell the agency who you are and why you would like to join."
            defaultValue={failed?.values.message ?? ''}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${messageFieldId}-error` : undefined}
          />
          {errors.message ? (
            <p id={`${messageFieldId}-error`} className="field__error">
              {errors.message}
            </p>
          ) : null}
        </div>

        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? 'Submitting…' : 'Submit Request'}
          </button>
          <Link to={redirectTo} className="button button--ghost">
            Cancel
          </Link>
        </div>
      </Form>
    </Page>
  )
}

function Page({ children }: { children: ReactNode }) {
  return (
    <div className="auth-page">
      <section className="auth-card auth-card--wide" aria-labelledby="agency-request-title">
        <h1 id="agency-request-title" className="auth-card__title">
          Request agency membership
        </h1>
        <p className="auth-card__lead">
          Members of an agency can request bookings. The agency&apos;s agent admin reviews your request.
        </p>
        {children}
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
