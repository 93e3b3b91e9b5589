import { useFetcher } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { TextField } from '~/components/text-field'
import { SelectField } from '~/components/public/fields'
import { LOT_STATUSES } from '~/components/public/lot-status'
import { LOT_EDIT_FIELDS, LOT_EDIT_SUCCESS_MS, validateLotEdit } from '~/components/public/hub/lot-edit-rules'
import type { LotEditField, LotEditResult } from '~/components/public/hub/lot-edit-rules'
import type { Lot } from '~/models/lots.server'
import { LOT_TYPES, lotStatusLabel, lotTypeCodeOf } from '~/utils/format'
import { hasErrors, readTextFields } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

/** The super admin's inline shop-lot edit: unit number, type, areas, price, status and title. */
export function LotEditForm({
  lot,
  action,
  pageResult,
}: {
  lot: Lot
  action: string
  pageResult?: LotEditResult | null
}) {
  const fetcher = useFetcher<LotEditResult>()
  const result = fetcher.data ?? (pageResult?.lotId === lot.id ? pageResult : null)
  const [errors, setErrors] = useState<FieldErrors<LotEditField>>(result?.fieldErrors ?? {})
  const [success, setSuccess] = useState<string | null>(result?.ok ? result.message : null)
  const sending = fetcher.state !== 'idle'

  useEffect(() => {
    if (!fetcher.data) return
    setErrors(fetcher.data.fieldErrors)
    setSuccess(fetcher.data.ok ? fetcher.data.message : null)
  }, [fetcher.data])

  useEffect(() => {
    if (!success) return
    const timer = setTimeout(() => setSuccess(null), LOT_EDIT_SUCCESS_MS)
    return () => clearTimeout(timer)
  }, [success])

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const found = validateLotEdit(readTextFields(new FormData(event.currentTarget), LOT_EDIT_FIELDS))
    if (!hasErrors(found)) return
    event.preventDefault()
    setErrors(found)
    event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }

  const values = result && !result.ok ? result.values : null
  return (
    <fetcher.Form
      method="post"
      action={action}
      noValidate
      className="form lot-edit"
      onSubmit={checkBeforeSending}
      aria-labelledby="lot-edit-title"
    >
      <h3 id="lot-edit-title" className="lot-detail__subtitle">
        Edit shop lot
      </h3>
      <input type="hidden" name="intent" value="update-lot" />
      <input type="hidden" name="lotId" value={lot.id} />
      {success ? (
        <p className="alert alert--success" role="status">
          {success}
        </p>
      ) : null}
      {result && !result.ok && result.message ? (
        <p className="alert alert--error" role="alert">
          {result.message}
        </p>
      ) : null}
      <div className="form__row">
        <TextField
          label="Unit number"
          name="unitNumber"
          required
          defaultValue={values?.unitNumber ?? lot.unitNumber ?? ''}
          error={errors.unitNumber}
        />
        <SelectField
          label="Type"
          name="typeCode"
          required
          defaultValue={values?.typeCode ?? lotTypeCodeOf(lot) ?? ''}
          error={errors.typeCode}
        >
          {Object.values(LOT_TYPES).map((type) => (
            <option key={type.code} value={type.code}>
              {type.type}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="form__row">
        <TextField
          label="Built-up area (sqm)"
          name="builtUpArea"
          inputMode="decimal"
          defaultValue={values?.builtUpArea ?? (lot.builtUpArea === null ? '' : String(lot.builtUpArea))}
          error={errors.builtUpArea}
        />
        <TextField
          label="Land area (sqm)"
          name="landSize"
          inputMode="decimal"
          defaultValue={values?.landSize ?? String(lot.landSize)}
          error={errors.landSize}
        />
      </div>
      <div className="form__row">
        <TextField
          label="Price (RM)"
          name="price"
          inputMode="numeric"
          defaultValue={values?.price ?? (lot.price === null ? '' : String(lot.price))}
          error={errors.price}
        />
        <SelectField
          label="Status"
          name="status"
          required
          defaultValue={values?.status ?? lot.status}
          error={errors.status}
        >
          {LOT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {lotStatusLabel(status)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="Title" name="title" defaultValue={values?.title ?? lot.title ?? ''} error={errors.title} />
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Saving…' : 'Save changes'}
      </button>
    </fetcher.Form>
  )
}
