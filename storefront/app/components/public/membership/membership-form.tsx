import { useFetcher, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { TextField } from '~/components/text-field'
import { SelectField, TextAreaField } from '~/components/public/fields'
import {
  MEMBERSHIP_FIELDS,
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_RELOAD_DELAY_MS,
  validateMembership,
} from '~/components/public/membership/membership-rules'
import type { MembershipField, MembershipResult } from '~/components/public/membership/membership-rules'
import type { AgencySummary } from '~/models/agencies.server'
import { hasErrors, readTextFields } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

interface MembershipFormProps {
  agencies: AgencySummary[]
  /** The route whose action files the request. */
  action: string
  /** The page's own action answer, when posted without JavaScript. */
  pageResult?: MembershipResult | null
}

/** Join an agency: agency, position, message (requirements: account.md#membership-request-form). */
export function MembershipForm({ agencies, action, pageResult }: MembershipFormProps) {
  const fetcher = useFetcher<MembershipResult>()
  const { revalidate } = useRevalidator()
  const revalidateRef = useRef(revalidate)
  revalidateRef.current = revalidate
  const result = fetcher.data ?? pageResult ?? null
  const [errors, setErrors] = useState<FieldErrors<MembershipField>>(result?.fieldErrors ?? {})
  const sending = fetcher.state !== 'idle'

  useEffect(() => {
    if (!fetcher.data) return
    setErrors(fetcher.data.fieldErrors)
    if (!fetcher.data.ok) return
    // The page shows the pending request once it reloads its data.
    const timer = setTimeout(() => revalidateRef.current(), MEMBERSHIP_RELOAD_DELAY_MS)
    return () => clearTimeout(timer)
  }, [fetcher.data])

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const found = validateMembership(readTextFields(new FormData(event.currentTarget), MEMBERSHIP_FIELDS))
    if (!hasErrors(found)) return
    event.preventDefault()
    setErrors(found)
    event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }

  if (result?.ok) {
    return (
      <p className="alert alert--success" role="status">
        {result.message}
      </p>
    )
  }

  const values = result?.values
  return (
    <fetcher.Form
      method="post"
      action={action}
      noValidate
      className="form"
      onSubmit={checkBeforeSending}
      onChange={(event) => {
        const name = (event.target as HTMLInputElement).name as MembershipField
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current))
      }}
    >
      <input type="hidden" name="intent" value="request-agency" />
      {result?.message ? (
        <p className="alert alert--error" role="alert">
          {result.message}
        </p>
      ) : null}
      {agencies.length === 0 ? <p className="alert alert--warning">{MEMBERSHIP_MESSAGES.noAgencies}</p> : null}
      <SelectField
        label="Agency"
        name="agencyId"
        required
        defaultValue={values?.agencyId ?? ''}
        error={errors.agencyId}
      >
        <option value="">Select an agency</option>
        {agencies.map((agency) => (
          <option key={agency.id} value={agency.id}>
            {agency.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Your position"
        name="position"
        required
        autoComplete="organization-title"
        placeholder="e.g. Purchasing manager"
        defaultValue={values?.position ?? ''}
        error={errors.position}
      />
      <TextAreaField
        label="Message"
        name="message"
        rows={3}
        defaultValue={values?.message ?? MEMBERSHIP_MESSAGES.defaultMessage}
        error={errors.message}
      />
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Submitting…' : 'Request membership'}
      </button>
    </fetcher.Form>
  )
}
