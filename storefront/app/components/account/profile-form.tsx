import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import type { FormEvent } from 'react'
import { TextField } from '~/components/text-field'
import { PROFILE_MESSAGES, validateProfile } from '~/utils/account'
import type { ProfileValues } from '~/utils/account'
import { hasErrors, readTextFields } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

type Field = keyof ProfileValues

export interface ProfileFormResult {
  values: Partial<ProfileValues>
  fieldErrors: FieldErrors<Field>
  formError: string | null
}

interface ProfileFormProps {
  /** The fields this form edits; the name always, phone and address where offered. */
  fields: readonly Field[]
  user: { name: string; email: string; phone: string | null; address: string | null }
  result: ProfileFormResult | null
  cancelTo: string
}

/** Edits the user's own profile (PUT /api/auth/me through the page's action). */
export function ProfileForm({ fields, user, result, cancelTo }: ProfileFormProps) {
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'update-profile'
  const [errors, setErrors] = useState<FieldErrors<Field>>(result?.fieldErrors ?? {})
  const addressId = useId()

  useEffect(() => setErrors(result?.fieldErrors ?? {}), [result])

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const found = validateProfile(readTextFields(new FormData(event.currentTarget), fields))
    // A phone on record is not re-checked unless it was changed (as on the server).
    if (found.phone && new FormData(event.currentTarget).get('phone') === (user.phone ?? '')) delete found.phone
    if (!hasErrors(found)) return
    event.preventDefault()
    setErrors(found)
    event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }

  const value = (field: Field) => result?.values[field] ?? user[field] ?? ''
  return (
    <Form
      method="post"
      noValidate
      preventScrollReset
      className="form account-form"
      onSubmit={checkBeforeSending}
      onChange={(event) => {
        const name = (event.target as HTMLInputElement).name as Field
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current))
      }}
    >
      <input type="hidden" name="intent" value="update-profile" />
      {result?.formError ? (
        <p className="alert alert--error" role="alert">
          {result.formError}
        </p>
      ) : null}
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        defaultValue={value('name')}
        error={errors.name}
      />
      <TextField
        label="Email"
        name="email-display"
        type="email"
        value={user.email}
        disabled
        readOnly
        required
        hint={PROFILE_MESSAGES.emailFixed}
      />
      {fields.includes('phone') ? (
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="For example +60123456789."
          defaultValue={value('phone')}
          error={errors.phone}
        />
      ) : null}
      {fields.includes('address') ? (
        <div className="field">
          <label htmlFor={addressId} className="field__label">
            Address<span className="field__optional"> (optional)</span>
          </label>
          <textarea
            id={addressId}
            name="address"
            rows={3}
            className="field__input"
            autoComplete="street-address"
            defaultValue={value('address')}
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={errors.address ? `${addressId}-error` : undefined}
          />
          {errors.address ? (
            <p id={`${addressId}-error`} className="field__error">
              {errors.address}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save Changes'}
        </button>
        <Link to={cancelTo} className="button button--ghost" preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  )
}
