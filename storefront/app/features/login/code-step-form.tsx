import { Form } from '@remix-run/react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { TextField } from '~/components/text-field'
import { CODE_PATTERN, TWO_FACTOR_TEXTS } from './login-screen'
import type { CodeKind, CodeStep } from './login-screen'

/** The second step of a two-step sign-in: a code from the authenticator app, or a recovery code. */
export function CodeStepForm({
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
  // Adjusted while rendering: an effect still pending when the code is checked would wipe the check's message.
  const [shownStep, setShownStep] = useState(step)
  if (step !== shownStep) {
    setShownStep(step)
    setKind(step.kind)
    setError(step.error)
  }
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
