import { data, redirect, redirectDocument } from '@remix-run/node'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { TextField } from '~/components/text-field'
import { loginStep, loginTwoFactor, register, requestDeviceLink } from '~/models/user.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin, getViewer } from '~/utils/auth.server'
import { demoAccountFor } from '~/utils/demo-account'
import { fieldErrorsFrom } from '~/utils/form-errors'
import { MESSAGES, loginFailureMessage, registrationFailureMessage } from '~/utils/messages'
import { safeRedirect } from '~/utils/redirects'
import { homePathFor } from '~/utils/roles'
import { hasErrors, readTextFields, validateLogin, validateQuickRegistration } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

type Mode = 'login' | 'register'
/** The login screen toggles between login and register (requirements: account.md#sign-in). */
const MODES: ReadonlyArray<{ mode: Mode; label: string }> = [
  { mode: 'login', label: 'Login' },
  { mode: 'register', label: 'Register' },
]
const FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const
type Field = (typeof FIELDS)[number]
/** Two-step sign-in (staff with an authenticator app): the code step after the password. */
type CodeKind = 'code' | 'recoveryCode'
type CodeStep = { challenge: string; kind: CodeKind; error: string | null }
const CODE_PATTERN = /^\d{3}\s?\d{3}$/
export const TWO_FACTOR_TEXTS = {
  title: 'Enter your verification code',
  lead: 'Open your authenticator app and enter the 6-digit code for your account.',
  recoveryLead: 'Enter one of the recovery codes you saved when you turned on two-step sign-in.',
  codeLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  useRecovery: 'Use a recovery code',
  useApp: 'Use the authenticator app',
  verify: 'Verify',
  verifying: 'Verifying…',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  recoveryRequired: 'Enter a recovery code',
}

/**
 * The way past an account's sign-in limit (the backend's 429 with `reason: 'account_limit'`):
 * the owner asks for a link by email; the page it opens (login_.trust.tsx) makes this browser
 * a known device of the account, and they sign in with their password as usual.
 */
export const DEVICE_LINK_TEXTS = {
  offer: 'Is this your account? We can email you a link that lets this browser sign in now.',
  request: 'Email me a sign-in link',
  requesting: 'Sending the link…',
  trusted: 'This browser is now trusted for your account. Sign in with your password.',
}
const ACCOUNT_LIMIT_REASON = 'account_limit'
/** Offered after the account's limit answered; `sent` is the answer to asking for it. */
type DeviceLink = { offered: boolean; sent: string | null }
const NO_DEVICE_LINK = null as DeviceLink | null

export const meta: MetaFunction = () => [{ title: 'Login | Aero Property Booking' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '')
  const { user } = await getViewer(request)
  if (user) throw redirectAfterSignIn(redirectTo || homePathFor(user.role))

  // `message` comes from the address bar: it is shown as text, never as markup.
  const message = (url.searchParams.get('message') ?? '').trim().slice(0, 300)
  const reason = url.searchParams.get('reason')
  const notice = reason === 'expired' ? MESSAGES.sessionExpired : reason === 'no-token' ? MESSAGES.loginRequired : null
  return {
    mode: (url.searchParams.get('mode') === 'register' ? 'register' : 'login') as Mode,
    redirectTo,
    notice,
    message: message && message !== notice ? message : null,
    trusted: reason === 'trusted',
    demoAccount: demoAccountFor(process.env.NODE_ENV, url.hostname),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const form = await request.formData()
  if (form.get('intent') === 'two-factor') return codeStepAction(request, form)
  if (form.get('intent') === 'device-link') return deviceLinkAction(request, form)
  const mode: Mode = form.get('intent') === 'register' ? 'register' : 'login'
  const redirectTo = safeRedirect(form.get('redirectTo'), '')
  const values = readTextFields(form, FIELDS)
  // What the user typed comes back on error, except the passwords.
  const kept = { name: values.name.trim(), email: values.email.trim() }

  const fieldErrors: FieldErrors<Field> = mode === 'login' ? validateLogin(values) : validateQuickRegistration(values)
  if (hasErrors(fieldErrors)) {
    return data(
      {
        mode,
        values: kept,
        fieldErrors,
        formError: null as string | null,
        codeStep: NO_CODE_STEP,
        deviceLink: NO_DEVICE_LINK,
      },
      { status: 400 }
    )
  }

  try {
    const { data: signIn, setCookies } =
      mode === 'login'
        ? await loginStep(request, { email: kept.email, password: values.password })
        : await register(request, {
            name: kept.name,
            email: kept.email,
            password: values.password,
            confirmPassword: values.confirmPassword,
          })
    if ('twoFactorRequired' in signIn) {
      const codeStep: CodeStep = { challenge: signIn.challenge, kind: 'code', error: null }
      const headers = cookieHeaders(setCookies)
      headers.set('Cache-Control', 'no-store')
      return data(
        {
          mode,
          values: kept,
          fieldErrors: {} as FieldErrors<Field>,
          formError: null as string | null,
          codeStep,
          deviceLink: NO_DEVICE_LINK,
        },
        { headers }
      )
    }
    // A super admin who must set up two-step sign-in first goes to My Profile to do it.
    const home = signIn.twoFactorSetupRequired ? TWO_FACTOR_SETUP_PATH : redirectTo || homePathFor(signIn.user.role)
    return redirectAfterSignIn(home, { headers: cookieHeaders(setCookies) })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const serverFieldErrors = fieldErrorsFrom(error.fieldErrors, FIELDS)
    const formError = hasErrors(serverFieldErrors)
      ? null
      : mode === 'login'
        ? loginFailureMessage(error)
        : registrationFailureMessage(error)
    // Held back by the account's limit, not this address's: the owner may ask for the link.
    const deviceLink =
      mode === 'login' && error.status === 429 && error.reason === ACCOUNT_LIMIT_REASON
        ? { offered: true, sent: null }
        : NO_DEVICE_LINK
    return data(
      { mode, values: kept, fieldErrors: serverFieldErrors, formError, codeStep: NO_CODE_STEP, deviceLink },
      { status: error.status >= 400 ? error.status : 502, headers: cookieHeaders(error.setCookies) }
    )
  }
}

/** Asks for the emailed link; the backend answers the same whether or not the email has an account. */
async function deviceLinkAction(request: Request, form: FormData) {
  const values = { name: '', email: String(form.get('email') ?? '').trim() }
  const answer = (
    status: number,
    fields: { formError?: string | null; deviceLink?: DeviceLink | null },
    headers?: Headers
  ) =>
    data(
      {
        mode: 'login' as Mode,
        values,
        fieldErrors: {} as FieldErrors<Field>,
        formError: fields.formError ?? null,
        codeStep: NO_CODE_STEP,
        deviceLink: fields.deviceLink ?? NO_DEVICE_LINK,
      },
      { status, headers }
    )
  if (!values.email) return answer(400, { formError: MESSAGES.loginFailed })
  try {
    const { data: sent, setCookies } = await requestDeviceLink(request, values.email)
    return answer(200, { deviceLink: { offered: false, sent: sent.message } }, cookieHeaders(setCookies))
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const status = error.status >= 400 ? error.status : 502
    const formError =
      error.status === 429 || error.status === 422
        ? (error.serverMessage ?? MESSAGES.loginFailed)
        : loginFailureMessage(error)
    // Still held back: the offer stays, so the owner can ask again once the wait is over.
    return answer(status, { formError, deviceLink: { offered: true, sent: null } }, cookieHeaders(error.setCookies))
  }
}

const NO_CODE_STEP = null as CodeStep | null
/** Where two-step sign-in is set up: the backoffice's My Profile. */
const TWO_FACTOR_SETUP_PATH = '/backoffice/profile'

/**
 * The code step of a two-step sign-in: the password step's challenge (a short-lived token,
 * useless without a code) and a code from the app or a recovery code. A wrong code keeps the
 * step with its message; an expired challenge sends the user back to the password.
 */
async function codeStepAction(request: Request, form: FormData) {
  const redirectTo = safeRedirect(form.get('redirectTo'), '')
  const challenge = String(form.get('challenge') ?? '')
  const kind: CodeKind = form.get('kind') === 'recoveryCode' ? 'recoveryCode' : 'code'
  const value = String(form.get(kind) ?? '').trim()
  const values = { name: '', email: String(form.get('email') ?? '').trim() }
  const again = (error: string, status: number, headers?: Headers) =>
    data(
      {
        mode: 'login' as Mode,
        values,
        fieldErrors: {} as FieldErrors<Field>,
        formError: null as string | null,
        codeStep: { challenge, kind, error } as CodeStep | null,
        deviceLink: NO_DEVICE_LINK,
      },
      { status, headers }
    )
  if (!challenge)
    return data(
      {
        mode: 'login' as Mode,
        values,
        fieldErrors: {} as FieldErrors<Field>,
        formError: MESSAGES.loginFailed,
        codeStep: NO_CODE_STEP,
        deviceLink: NO_DEVICE_LINK,
      },
      { status: 400 }
    )
  if (kind === 'code' && !CODE_PATTERN.test(value)) return again(TWO_FACTOR_TEXTS.codeRequired, 400)
  if (kind === 'recoveryCode' && !value) return again(TWO_FACTOR_TEXTS.recoveryRequired, 400)

  try {
    const { data: signIn, setCookies } = await loginTwoFactor(request, { challenge, [kind]: value })
    return redirectAfterSignIn(redirectTo || homePathFor(signIn.user.role), { headers: cookieHeaders(setCookies) })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const status = error.status >= 400 ? error.status : 502
    const headers = cookieHeaders(error.setCookies)
    if (error.fieldErrors.some((field) => field.field === 'challenge')) {
      return data(
        {
          mode: 'login' as Mode,
          values,
          fieldErrors: {} as FieldErrors<Field>,
          formError: error.serverMessage ?? MESSAGES.loginFailed,
          codeStep: NO_CODE_STEP,
          deviceLink: NO_DEVICE_LINK,
        },
        { status, headers }
      )
    }
    const message = error.status === 422 || error.status === 429 ? error.serverMessage : null
    return again(message ?? loginFailureMessage(error), status, headers)
  }
}

export default function LoginRoute() {
  const { mode, redirectTo, notice, message, trusted, demoAccount } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const result = actionData?.mode === mode ? actionData : undefined
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting'
  const askingForLink = submitting && navigation.formData?.get('intent') === 'device-link'
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors<Field>>(result?.fieldErrors ?? {})

  useEffect(() => {
    setErrors(result?.fieldErrors ?? {})
    // A failed attempt never keeps a password on the page.
    if (result) {
      formRef.current?.querySelectorAll<HTMLInputElement>('input[type="password"]').forEach((input) => {
        input.value = ''
      })
    }
  }, [result])

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const values = readTextFields(new FormData(event.currentTarget), FIELDS)
    const found: FieldErrors<Field> = mode === 'login' ? validateLogin(values) : validateQuickRegistration(values)
    if (!hasErrors(found)) return
    event.preventDefault()
    setErrors(found)
    event.currentTarget.querySelector<HTMLInputElement>('[aria-invalid="true"], input:invalid')?.focus()
  }

  function clearError(field: string) {
    setErrors((current) => (field in current ? { ...current, [field]: undefined } : current))
  }

  const isLogin = mode === 'login'
  if (isLogin && result?.codeStep) {
    return (
      <CodeStepForm
        step={result.codeStep}
        email={result.values.email}
        redirectTo={redirectTo}
        submitting={submitting}
      />
    )
  }
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <nav className="auth-modes" aria-label="Login or register">
          {MODES.map((option) => (
            <Link
              key={option.mode}
              to={modePath(option.mode, redirectTo)}
              replace
              className={option.mode === mode ? 'auth-modes__mode auth-modes__mode--active' : 'auth-modes__mode'}
              aria-current={option.mode === mode ? 'page' : undefined}
            >
              {option.label}
            </Link>
          ))}
        </nav>
        <h1 id="auth-title" className="auth-card__title">
          {isLogin ? 'Log in to your account' : 'Create your account'}
        </h1>
        <p className="auth-card__lead">
          {isLogin ? 'Book shop lots and follow your booking requests.' : 'Register to book lots and join your agency.'}
        </p>

        {notice ? (
          <p className="alert alert--warning" role="status">
            {notice}
          </p>
        ) : null}
        {trusted && isLogin ? (
          <p className="alert alert--success" role="status">
            {DEVICE_LINK_TEXTS.trusted}
          </p>
        ) : null}
        {message ? <p className="alert alert--info">{message}</p> : null}
        {result?.formError ? (
          <p className="alert alert--error" role="alert">
            {result.formError}
          </p>
        ) : null}
        {result?.deviceLink?.sent ? (
          <p className="alert alert--success" role="status">
            {result.deviceLink.sent}
          </p>
        ) : null}
        {isLogin && result?.deviceLink?.offered ? (
          <Form method="post" className="form">
            <input type="hidden" name="intent" value="device-link" />
            <input type="hidden" name="email" value={result.values.email} />
            <p className="form__note">{DEVICE_LINK_TEXTS.offer}</p>
            <button type="submit" className="button button--ghost button--block" disabled={submitting}>
              {askingForLink ? DEVICE_LINK_TEXTS.requesting : DEVICE_LINK_TEXTS.request}
            </button>
          </Form>
        ) : null}

        <Form
          key={mode}
          ref={formRef}
          method="post"
          noValidate
          className="form"
          onSubmit={checkBeforeSending}
          onChange={(event) => clearError((event.target as HTMLInputElement).name)}
        >
          <input type="hidden" name="intent" value={mode} />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}

          {isLogin ? null : (
            <TextField
              label="Full name"
              name="name"
              type="text"
              autoComplete="name"
              required
              minLength={2}
              defaultValue={result?.values.name ?? ''}
              error={errors.name}
            />
          )}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={result?.values.email ?? (isLogin ? demoAccount?.email : undefined) ?? ''}
            error={errors.email}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            required
            minLength={isLogin ? undefined : 6}
            defaultValue={isLogin && !result ? (demoAccount?.password ?? '') : ''}
            error={errors.password}
          />
          {isLogin ? null : (
            <TextField
              label="Confirm password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={errors.confirmPassword}
            />
          )}

          {demoAccount && isLogin ? (
            <p className="form__note">Development server: the demo member account is filled in.</p>
          ) : null}

          <button type="submit" className="button button--primary button--block" disabled={submitting}>
            {submitting ? (isLogin ? 'Logging in…' : 'Creating account…') : isLogin ? 'Login' : 'Register'}
          </button>
        </Form>
      </section>
    </div>
  )
}

/** The second step of a two-step sign-in: a code from the authenticator app, or a recovery code. */
function CodeStepForm({
  step,
  email,
  redirectTo,
  submitting,
}: {
  step: CodeStep
  email: string
  redirectTo: string
  submitting: boolean
}) {
  const [kind, setKind] = useState<CodeKind>(step.kind)
  const [error, setError] = useState<string | null>(step.error)
  useEffect(() => {
    setKind(step.kind)
    setError(step.error)
  }, [step])
  const isCode = kind === 'code'

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const value = String(new FormData(event.currentTarget).get(kind) ?? '').trim()
    const problem = isCode
      ? CODE_PATTERN.test(value)
        ? null
        : TWO_FACTOR_TEXTS.codeRequired
      : value
        ? null
        : TWO_FACTOR_TEXTS.recoveryRequired
    if (!problem) return
    event.preventDefault()
    setError(problem)
  }

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {TWO_FACTOR_TEXTS.title}
        </h1>
        <p className="auth-card__lead">{isCode ? TWO_FACTOR_TEXTS.lead : TWO_FACTOR_TEXTS.recoveryLead}</p>
        <Form method="post" noValidate className="form" onSubmit={checkBeforeSending} onChange={() => setError(null)}>
          <input type="hidden" name="intent" value="two-factor" />
          <input type="hidden" name="challenge" value={step.challenge} />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="email" value={email} />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          {isCode ? (
            <TextField
              key="code"
              label={TWO_FACTOR_TEXTS.codeLabel}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
              error={error ?? undefined}
            />
          ) : (
            <TextField
              key="recoveryCode"
              label={TWO_FACTOR_TEXTS.recoveryLabel}
              name="recoveryCode"
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              required
              error={error ?? undefined}
            />
          )}
          <button type="submit" className="button button--primary button--block" disabled={submitting}>
            {submitting ? TWO_FACTOR_TEXTS.verifying : TWO_FACTOR_TEXTS.verify}
          </button>
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={() => {
              setKind(isCode ? 'recoveryCode' : 'code')
              setError(null)
            }}
          >
            {isCode ? TWO_FACTOR_TEXTS.useRecovery : TWO_FACTOR_TEXTS.useApp}
          </button>
        </Form>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

/** The address of a mode of this screen; a remembered origin path goes along. */
function modePath(mode: Mode, redirectTo: string): string {
  const params = new URLSearchParams()
  if (mode === 'register') params.set('mode', 'register')
  if (redirectTo) params.set('redirectTo', redirectTo)
  const search = params.toString()
  return search ? `/login?${search}` : '/login'
}

/** The backoffice is another app on this origin: reaching it takes a full page load. */
function redirectAfterSignIn(to: string, init?: ResponseInit) {
  return to === '/backoffice' || to.startsWith('/backoffice/') ? redirectDocument(to, init) : redirect(to, init)
}
