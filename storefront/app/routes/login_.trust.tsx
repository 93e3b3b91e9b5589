import { data, redirect } from '@remix-run/node'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { confirmDeviceLink } from '~/models/user.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin } from '~/utils/auth.server'
import { MESSAGES, loginFailureMessage } from '~/utils/messages'

/**
 * The page an emailed device link opens (`/login/trust?token=...`): one button makes this
 * browser a known device of the account (the backend's `aero_device` cookie, relayed), so the
 * account's sign-in limit no longer holds it back; then the login page, where the owner signs
 * in with their password. The token is spent only by the button's POST: a mail scanner that
 * opens the link spends nothing.
 */
export const TRUST_TEXTS = {
  title: 'Trust this browser',
  lead: 'Use this browser to sign in to your account, even while sign-in attempts on it are slowed down. You will still sign in with your password.',
  confirm: 'Trust this browser',
  confirming: 'Trusting this browser…',
  missing: 'This link is incomplete. Open the link from the email again, or ask for a new one on the login page.',
  backToLogin: 'Back to login',
}

export const meta: MetaFunction = () => [{ title: 'Trust this browser | Aero Property Booking' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get('token') ?? '').trim().slice(0, 200)
  return data({ token: token || null }, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const token = String((await request.formData()).get('token') ?? '').trim()
  if (!token) return data({ error: TRUST_TEXTS.missing }, { status: 400 })
  try {
    const { setCookies } = await confirmDeviceLink(request, token)
    return redirect('/login?reason=trusted', { headers: cookieHeaders(setCookies) })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const message =
      error.status === 422 || error.status === 429
        ? (error.serverMessage ?? MESSAGES.loginFailed)
        : loginFailureMessage(error)
    return data(
      { error: message },
      { status: error.status >= 400 ? error.status : 502, headers: cookieHeaders(error.setCookies) }
    )
  }
}

export default function TrustDeviceRoute() {
  const { token } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const submitting = useNavigation().state === 'submitting'
  const error = token ? (result?.error ?? null) : TRUST_TEXTS.missing

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="trust-title">
        <h1 id="trust-title" className="auth-card__title">
          {TRUST_TEXTS.title}
        </h1>
        <p className="auth-card__lead">{TRUST_TEXTS.lead}</p>
        {error ? (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        ) : null}
        {token ? (
          <Form method="post" className="form">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="button button--primary button--block" disabled={submitting}>
              {submitting ? TRUST_TEXTS.confirming : TRUST_TEXTS.confirm}
            </button>
          </Form>
        ) : null}
        <p className="form__note">
          <Link to="/login">{TRUST_TEXTS.backToLogin}</Link>
        </p>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
