/** The super admin's inline shop-lot edit (requirements: public-site.md#shop-lot-edit). */
import { LOT_STATUSES } from '~/components/public/lot-status'
import type { LotStatus } from '~/components/public/lot-status'
import type { FieldErrors } from '~/utils/validation'
import { LOT_TYPES, toLotTypeCode } from '~/utils/format'

export const LOT_EDIT_FIELDS = [
  'lotId',
  'unitNumber',
  'typeCode',
  'builtUpArea',
  'landSize',
  'price',
  'status',
  'title',
] as const
export type LotEditField = (typeof LOT_EDIT_FIELDS)[number]
export type LotEditValues = Record<LotEditField, string>

export const LOT_EDIT_MESSAGES = {
  success: 'Shoplot updated successfully',
  failure: 'Failed to update shoplot',
} as const

/** The edit's success message shows for 3 seconds (requirements: public-site.md#shop-lot-edit). */
export const LOT_EDIT_SUCCESS_MS = 3_000

/** Numbers as people type them: '450,000' and 'RM 450000' are read with commas and 'RM' removed. */
export function readAmount(value: string): number | null {
  const cleaned = value.replace(/rm|,|\s/gi, '')
  if (!cleaned) return null
  const number = Number(cleaned)
  return Number.isFinite(number) ? number : Number.NaN
}

export function validateLotEdit(values: LotEditValues): FieldErrors<LotEditField> {
  const errors: FieldErrors<LotEditField> = {}
  if (!values.unitNumber.trim()) errors.unitNumber = 'Unit number is required'
  if (!toLotTypeCode(values.typeCode)) errors.typeCode = 'Type is required'
  const numeric: [LotEditField, string][] = [
    ['builtUpArea', 'Built-up area must be a number'],
    ['landSize', 'Land area must be a number'],
    ['price', 'Price must be a number'],
  ]
  for (const [field, message] of numeric) {
    const amount = readAmount(values[field])
    if (amount !== null && (Number.isNaN(amount) || amount < 0)) errors[field] = message
  }
  if (!LOT_STATUSES.includes(values.status as LotStatus)) errors.status = 'Status is required'
  return errors
}

/** The type code's full type name and property type, as the backend stores them. */
export function lotTypeFields(code: string) {
  const known = toLotTypeCode(code)
  if (!known) return null
  const type = LOT_TYPES[known]
  return { typeCode: known, type: type.type, propertyType: type.label }
}

export interface LotEditResult {
  intent: 'update-lot'
  ok: boolean
  lotId: number | null
  message: string | null
  fieldErrors: FieldErrors<LotEditField>
  values: LotEditValues
}
