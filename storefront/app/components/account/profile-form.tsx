import { useId } from 'react'
import { AccountForm } from '~/components/account/account-form'
import type { AccountFormResult } from '~/components/account/account-form'
import { TextField } from '~/components/text-field'
import { PROFILE_MESSAGES, validateProfile } from '~/utils/account'
import type { ProfileValues } from '~/utils/account'
import { readTextFields } from '~/utils/validation'

type Field = keyof ProfileValues

export interface ProfileFormResult extends AccountFormResult<Field> {
  values: Partial<ProfileValues>
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
  const addressId = useId()

  function validate(form: FormData) {
    const found = validateProfile(readTextFields(form, fields))
    // A phone on record is not re-checked unless it was changed (as on the server).
    if (found.phone && form.get('phone') === (user.phone ?? '')) delete found.phone
    return found
  }

  const value = (field: Field) => result?.values[field] ?? user[field] ?? ''
  return (
    <AccountForm<Field>
      intent="update-profile"
      className="form account-form"
      result={result}
      validate={validate}
      submitLabel="Save Changes"
      sendingLabel="Saving…"
      cancelTo={cancelTo}
    >
      {(errors) => (
        <>
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
        </>
      )}
    </AccountForm>
  )
}
