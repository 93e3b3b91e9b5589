import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { TextField } from '~/components/text-field'
import { redirectAfterSignIn } from '~/features/login/answer.server'
import { CodeStepForm } from '~/features/login/code-step-form'
import { DeviceLinkOffer } from '~/features/login/device-link-offer'
import { deviceLinkIntent } from '~/features/login/device-link.server'
import { DEVICE_LINK_TEXTS, FIELDS, MODES, modePath } from '~/features/login/login-screen'
import type { Field, Mode } from '~/features/login/login-screen'
import { passwordIntent } from '~/features/login/password.server'
import { twoFactorIntent } from '~/features/login/two-factor.server'
import { assertSameOrigin, getViewer } from '~/utils/auth.server'
import { demoAccountFor } from '~/utils/demo-account'
import { MESSAGES } from '~/utils/messages'
import { safeRedirect } from '~/utils/redirects'
import { homePathFor } from '~/utils/roles'
import { hasErrors, readTextFields, validateLogin, validateQuickRegistration } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

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

/** The screen's forms; each intent's handler lives in features/login. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'two-factor') return twoFactorIntent(request, form)
  if (intent === 'device-link') return deviceLinkIntent(request, form)
  return passwordIntent(request, form)
}

export default function LoginRoute() {
  const { mode, redirectTo, notice, message, trusted, demoAccount } = useLoaderData<typeof loader>()
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
        {isLogin && result?.deviceLink?.offered ? <DeviceLinkOffer email={result.values.email} /> : null}

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
