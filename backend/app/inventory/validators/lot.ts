import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { LOT_STATUSES, LOT_TYPES } from '#inventory/models/lot'

/** The lot form's required fields and their messages (an import may not clear them either). */
export const REQUIRED_LOT_FIELDS = {
  lotNumber: 'Lot number is required',
  type: 'Type is required',
  status: 'Status is required',
} as const

const messages = new SimpleMessagesProvider({
  'lotNumber.required': REQUIRED_LOT_FIELDS.lotNumber,
  'type.required': REQUIRED_LOT_FIELDS.type,
  'type.enum': `Type must be one of ${LOT_TYPES.join(', ')}`,
  'status.required': REQUIRED_LOT_FIELDS.status,
  'status.enum': `Status must be one of ${LOT_STATUSES.join(', ')}`,
  'typeCode.enum': 'Type code must be A, B or C',
  'kind.enum': 'Kind must be lot or unit',
  'builtUpArea.number': 'Built-up area must be a number',
  'builtUpArea.min': 'Built-up area cannot be negative',
  'landSize.number': 'Land area must be a number',
  'landSize.min': 'Land area cannot be negative',
  'landAreaSqft.number': 'Land area must be a number',
  'landAreaSqft.min': 'Land area cannot be negative',
  'size.number': 'Size must be a number',
  'size.min': 'Size cannot be negative',
  'price.number': 'Price must be a number',
  'price.min': 'Price cannot be negative',
  'price.max': 'Price is too large',
  'phase.number': 'Phase must be a whole number',
  'phase.withoutDecimals': 'Phase must be a whole number',
  'propertyId.number': 'propertyId must be a number',
  'released.boolean': 'Released must be true or false',
  maxLength: 'The {{ field }} field must be at most {{ max }} characters',
  string: 'The {{ field }} field must be text',
})

const area = () => vine.number().min(0).max(1_000_000)
const lotNumber = () => vine.string().trim().minLength(1).maxLength(40)
const kind = () => vine.enum(['lot', 'unit'] as const)
const propertyId = () => vine.number().withoutDecimals()

const editableFields = {
  unitNumber: vine.string().trim().maxLength(40).nullable().optional(),
  name: vine.string().trim().maxLength(150).nullable().optional(),
  title: vine.string().trim().maxLength(150).nullable().optional(),
  description: vine.string().trim().maxLength(5000).nullable().optional(),
  location: vine.string().trim().maxLength(200).nullable().optional(),
  address: vine.string().trim().maxLength(500).nullable().optional(),
  note: vine.string().trim().maxLength(500).nullable().optional(),
  category: vine.string().trim().maxLength(40).nullable().optional(),
  typeCode: vine
    .enum(['A', 'B', 'C'] as const)
    .nullable()
    .optional(),
  propertyType: vine.string().trim().maxLength(40).nullable().optional(),
  builtUpArea: area().nullable().optional(),
  landSize: area().nullable().optional(),
  landAreaSqft: area().nullable().optional(),
  size: area().nullable().optional(),
  price: vine.number().min(0).max(10_000_000_000).nullable().optional(),
  spaPrice: vine.string().trim().maxLength(60).nullable().optional(),
  phase: vine.number().withoutDecimals().min(0).max(1000).nullable().optional(),
  /** Phased release: false keeps the lot off sale (never bookable) until released by hand or by its batch. */
  released: vine.boolean().optional(),
}

export const updateLotValidator = vine.create({
  ...editableFields,
  lotNumber: lotNumber().optional(),
  type: vine.enum(LOT_TYPES).optional(),
  status: vine.enum(LOT_STATUSES).optional(),
})
updateLotValidator.messagesProvider = messages

export const createLotValidator = vine.create({
  ...editableFields,
  propertyId: propertyId().optional(),
  kind: kind().optional(),
  lotNumber: lotNumber(),
  type: vine.enum(LOT_TYPES),
  status: vine.enum(LOT_STATUSES),
})
createLotValidator.messagesProvider = messages

/** What names a lot in a lots CSV: its number, kind and development (the CSV import's match). */
export const lotKeyValidator = vine.create({
  propertyId: propertyId().optional(),
  kind: kind().optional(),
  lotNumber: lotNumber(),
})
lotKeyValidator.messagesProvider = messages

const NUMERIC_FIELDS = ['price', 'builtUpArea', 'landSize', 'landAreaSqft', 'size', 'phase', 'propertyId']

/** People type '450,000' or 'RM 450000': numbers are read with commas and 'RM' removed. */
export function normalizeNumbers(body: Record<string, unknown>) {
  const normalized = { ...body }
  for (const field of NUMERIC_FIELDS) {
    const value = normalized[field]
    if (typeof value === 'string') {
      const cleaned = value.replace(/rm|,|\s/gi, '')
      normalized[field] = cleaned === '' ? null : cleaned
    }
  }
  if (normalized.propertyId === undefined && normalized.developmentId !== undefined) {
    normalized.propertyId = normalized.developmentId
  }
  return normalized
}
