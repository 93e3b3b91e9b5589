import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { hasErrors } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

export interface AccountFormResult<Field extends string> {
  fieldErrors: FieldErrors<Field>
  formError: string | null
}

interface AccountFormProps<Field extends string> {
  /** The page action's `intent` for this form. */
  intent: string
  className: string
  result: AccountFormResult<Field> | null
  /** The client-side mirror of the backend's checks, run before sending. */
  validate: (form: FormData) => FieldErrors<Field>
  submitLabel: string
  /** The submit button's text while the form is being sent. */
  sendingLabel: string
  cancelTo: string
  /** The fields, given the errors to show on them. */
  children: (errors: FieldErrors<Field>) => ReactNode
}

/**
 * A form of the account pages, posted to the page's action: the form's own error, the fields'
 * errors (checked first in the browser, then by the server; a field's error clears once it
 * changes; the first invalid field takes the focus), and Save with Cancel.
 */
export function AccountForm<Field extends string>({
  intent,
  className,
  result,
  validate,
  submitLabel,
  sendingLabel,
  cancelTo,
  children,
}: AccountFormProps<Field>) {
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const [errors, setErrors] = useState<FieldErrors<Field>>(result?.fieldErrors ?? {})
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    setErrors(result?.fieldErrors ?? {})
    if (result) focusFirstInvalid(formRef.current)
  }, [result])

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const found = validate(new FormData(event.currentTarget))
    if (!hasErrors(found)) return
    event.preventDefault()
    setErrors(found)
    focusFirstInvalid(event.currentTarget)
  }

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      preventScrollReset
      className={className}
      onSubmit={checkBeforeSending}
      onChange={(event) => {
        const name = (event.target as HTMLInputElement).name as Field
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current))
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {result?.formError ? (
        <p className="alert alert--error" role="alert">
          {result.formError}
        </p>
      ) : null}
      {children(errors)}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? sendingLabel : submitLabel}
        </button>
        <Link to={cancelTo} className="button button--ghost" preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  )
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}
