import { data, redirect } from '@remix-run/node'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { TextField } from '~/components/text-field'
import { register } from '~/models/user.server'
import { ApiError } from '~/utils/api.server'
import { assertSameOrigin, getViewer } from '~/utils/auth.server'
import { fieldErrorsFrom } from '~/utils/form-errors'
import { registrationFailureMessage } from '~/utils/messages'
import { homePathFor } from '~/utils/roles'
import { hasErrors, readTextFields, validateRegistration } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'phone'] as const
type Field = (typeof FIELDS)[number]
/** Two seconds after success the screen goes to /login (requirements: account.md#registration). */
const REDIRECT_DELAY_MS = 2_000

export const meta: MetaFunction = () => [{ title: 'Register | Aero Property Booking' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await getViewer(request)
  if (user) throw redirect(homePathFor(user.role))
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const values = readTextFields(await request.formData(), FIELDS)
  const kept = { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() }

  const fieldErrors: FieldErrors<Field> = validateRegistration(values)
  if (hasErrors(fieldErrors)) {
    return data({ registered: false, values: kept, fieldErrors, formError: null as string | null }, { status: 400 })
  }

  try {
    // The account is created; the visitor then signs in on /login (requirements: account.md#registration), so the
    // sign-in cookies of this answer are not passed on.
    await register(request, {
      name: kept.name,
      email: kept.email,
      password: values.password,
      confirmPassword: values.confirmPassword,
      ...(kept.phone ? { phone: kept.phone.replace(/\s+/g, '') } : {}),
    })
    return data(
      { registered: true, values: kept, fieldErrors: {} as FieldErrors<Field>, formError: null },
      { status: 201 }
    )
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const serverFieldErrors = fieldErrorsFrom(error.fieldErrors, FIELDS)
    return data(
      {
        registered: false,
        values: kept,
        fieldErrors: serverFieldErrors,
        formError: hasErrors(serverFieldErrors) ? null : registrationFailureMessage(error),
      },
      { status: error.status >= 400 ? error.status : 502 }
    )
  }
}

export default function RegisterRoute() {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const navigate = useNavigate()
  const submitting = navigation.state === 'submitting'
  const [errors, setErrors] = useState<FieldErrors<Field>>(actionData?.fieldErrors ?? {})
  const registered = actionData?.registered === true

  useEffect(() => {
    setErrors(actionData?.fieldErrors ?? {})
  }, [actionData])

  useEffect(() => {
    if (!registered) return
    const timer = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [registered, navigate])

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const found = validateRegistration(readTextFields(new FormData(event.currentTarget), FIELDS))
    if (!hasErrors(found)) return
    event.preventDefault()
    setErrors(found)
    event.currentTarget.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus()
  }

  function clearError(field: string) {
    setErrors((current) => (field in current ? { ...current, [field]: undefined } : current))
  }

  if (registered) {
    return (
      <div className="auth-page">
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth-card__title">
            Account created
          </h1>
          <p className="alert alert--success" role="status">
            Registration successful! Taking you to the login page…
          </p>
          <p>
            <Link to="/login" className="button button--primary button--block">
              Continue to login
            </Link>
          </p>
        </section>
      </div>
    )
  }

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          Create your account
        </h1>
        <p className="auth-card__lead">Register to book shop lots and join your agency.</p>

        {actionData?.formError ? (
          <p className="alert alert--error" role="alert">
            {actionData.formError}
          </p>
        ) : null}

        <Form
          method="post"
          noValidate
          className="form"
          onSubmit={checkBeforeSending}
          onChange={(event) => clearError((event.target as HTMLInputElement).name)}
        >
          <TextField
            label="Full name"
            name="name"
            type="text"
            autoComplete="name"
            required
            defaultValue={actionData?.values.name ?? ''}
            error={errors.name}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={actionData?.values.email ?? ''}
            error={errors.email}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={6}
            hint="At least 6 characters."
            error={errors.password}
          />
          <TextField
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint="For example +60123456789."
            defaultValue={actionData?.values.phone ?? ''}
            error={errors.phone}
          />
          <button type="submit" className="button button--primary button--block" disabled={submitting}>
            {submitting ? 'Creating account…' : 'Register'}
          </button>
        </Form>

        <p className="auth-card__switch">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
