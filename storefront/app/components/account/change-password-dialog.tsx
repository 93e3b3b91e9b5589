import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { Modal } from '~/components/account/modal'
import { TextField } from '~/components/text-field'
import { validatePasswordChange } from '~/utils/account'
import type { PasswordChangeValues } from '~/utils/account'
import { hasErrors, readTextFields } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

type Field = keyof PasswordChangeValues
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword']

export interface PasswordFormResult {
  fieldErrors: FieldErrors<Field>
  formError: string | null
}

/** Account Settings' Change Password dialog (POST /api/auth/change-password via the action). */
export function ChangePasswordDialog({ result, closeTo }: { result: PasswordFormResult | null; closeTo: string }) {
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'change-password'
  const [errors, setErrors] = useState<FieldErrors<Field>>(result?.fieldErrors ?? {})
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    setErrors(result?.fieldErrors ?? {})
    if (result) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [result])

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const found = validatePasswordChange(readTextFields(new FormData(event.currentTarget), FIELDS))
    if (!hasErrors(found)) return
    event.preventDefault()
    setErrors(found)
    event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }

  return (
    <Modal title="Change Password" closeTo={closeTo}>
      <Form
        ref={formRef}
        method="post"
        noValidate
        preventScrollReset
        className="form"
        onSubmit={checkBeforeSending}
        onChange={(event) => {
          const name = (event.target as HTMLInputElement).name as Field
          setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current))
        }}
      >
        <input type="hidden" name="intent" value="change-password" />
        {result?.formError ? (
          <p className="alert alert--error" role="alert">
            {result.formError}
          </p>
        ) : null}
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          error={errors.newPassword}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Changing…' : 'Change Password'}
          </button>
          <Link to={closeTo} className="button button--ghost" preventScrollReset>
            Cancel
          </Link>
        </div>
      </Form>
    </Modal>
  )
}
