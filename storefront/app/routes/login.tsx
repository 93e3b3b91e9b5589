import { data, redirect, redirectDocument } from '@remix-run/node'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { TextField } from '~/components/text-field'
import { login, register } from '~/models/user.server'
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
    demoAccount: demoAccountFor(process.env.NODE_ENV, url.hostname),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const form = await request.formData()
  const mode: Mode = form.get('intent') === 'register' ? 'register' : 'login'
  const redirectTo = safeRedirect(form.get('redirectTo'), '')
  const values = readTextFields(form, FIELDS)
  // What the user typed comes back on error, except the passwords.
  const kept = { name: values.name.trim(), email: values.email.trim() }

  const fieldErrors: FieldErrors<Field> = mode === 'login' ? validateLogin(values) : validateQuickRegistration(values)
  if (hasErrors(fieldErrors)) {
    return data({ mode, values: kept, fieldErrors, formError: null as string | null }, { status: 400 })
  }

  try {
    const { data: signIn, setCookies } =
      mode === 'login'
        ? await login(request, { email: kept.email, password: values.password })
        : await register(request, {
            name: kept.name,
            email: kept.email,
            password: values.password,
            confirmPassword: values.confirmPassword,
          })
    return redirectAfterSignIn(redirectTo || homePathFor(signIn.user.role), { headers: cookieHeaders(setCookies) })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const serverFieldErrors = fieldErrorsFrom(error.fieldErrors, FIELDS)
    const formError = hasErrors(serverFieldErrors)
      ? null
      : mode === 'login'
        ? loginFailureMessage(error)
        : registrationFailureMessage(error)
    return data(
      { mode, values: kept, fieldErrors: serverFieldErrors, formError },
      { status: error.status >= 400 ? error.status : 502, headers: cookieHeaders(error.setCookies) }
    )
  }
}

export default function LoginRoute() {
  const { mode, redirectTo, notice, message, demoAccount } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const result = actionData?.mode === mode ? actionData : undefined
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting'
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
        {message ? <p className="alert alert--info">{message}</p> : null}
        {result?.formError ? (
          <p className="alert alert--error" role="alert">
            {result.formError}
          </p>
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
