import type { Identifier } from 'react-admin'

/** A lot as the backend serialises it (areas in sqm with their sqft, whole RM). */
export interface Lot {
  id: Identifier
  _id: Identifier
  kind: 'lot' | 'unit'
  propertyId: number
  lotNumber: string
  unitNumber: string | null
  name: string | null
  title: string | null
  description: string | null
  category: string | null
  type: string
  typeCode: 'A' | 'B' | 'C' | null
  landSize: number | null
  landAreaSqft: number | null
  builtUpArea: number | null
  size: number | null
  price: number | null
  spaPrice: string | null
  phase: number | null
  status: LotStatus
  /** Phased release: false while the lot is not on sale (never bookable; shown "Not released" or hidden). */
  released: boolean
  /** A Bumiputera quota lot whose release is not recorded: only a verified Bumiputera buyer may book it. */
  bumiputeraReserved?: boolean
  updatedAt: string | null
  /** How many people wait in the lot's line: super admins' lot list and lot. */
  waitlistCount?: number
}

/** A lot as the business names it: by its unit number, else its lot number ("Lot MKS-25", "Lot 25"). */
export function lotRepresentation(lot: Pick<Lot, 'unitNumber' | 'lotNumber'>): string {
  return lot.unitNumber || lot.lotNumber
}

export const LOT_STATUSES = ['available', 'reserved', 'pending', 'booked', 'sold', 'locked'] as const
export type LotStatus = (typeof LOT_STATUSES)[number]

export const LOT_STATUS_CHOICES = LOT_STATUSES.map((status) => ({
  id: status,
  name: status.charAt(0).toUpperCase() + status.slice(1),
}))

/** A Corner, B Intermediate, C End Lot (requirements: display.md#lot-types). */
export const TYPE_CODE_CHOICES = [
  { id: 'A', name: 'A (Corner)' },
  { id: 'B', name: 'B (Intermediate)' },
  { id: 'C', name: 'C (End Lot)' },
]

/** The price bands (requirements: public-site.md#shop-lot-hub). */
export const PRICE_BAND_CHOICES = [
  { id: '400000-500000', name: 'RM 400,000 - 500,000' },
  { id: '500000-600000', name: 'RM 500,000 - 600,000' },
  { id: '600000+', name: 'RM 600,000 and above' },
]

/**
 * The closed list of lot types, as the backend accepts them (backend models/lot.ts LOT_TYPES):
 * the shop lots' A Corner, B Intermediate, C End Lot and the admin lot form's Factory,
 * Warehouse, Office, Retail (requirements: display.md#lot-types, super-admin.md#lots-management).
 */
export const LOT_TYPES = [
  'CORNER (A)',
  'INTERMEDIATE (B)',
  'END LOT (C)',
  'Factory',
  'Warehouse',
  'Office',
  'Retail',
] as const

/** The fields the lot forms edit. */
export const LOT_FORM_FIELDS = [
  'lotNumber',
  'unitNumber',
  'title',
  'type',
  'typeCode',
  'status',
  'phase',
  'size',
  'landAreaSqft',
  'builtUpArea',
  'price',
  'spaPrice',
  'description',
  'released',
] as const

type LotFormValues = Partial<Record<(typeof LOT_FORM_FIELDS)[number], unknown>>

/** A new lot: the filled-in fields, and the development it belongs to. */
export function newLotPayload(
  values: LotFormValues & { propertyId?: unknown }
): LotFormValues & { propertyId?: unknown } {
  return Object.fromEntries(
    [...LOT_FORM_FIELDS, 'propertyId' as const]
      .filter((field) => values[field] !== undefined && values[field] !== '' && values[field] !== null)
      .map((field) => [field, values[field]])
  )
}

/** An edit sends only what changed, so that derived values (size, land area) are not rewritten. */
export function changedLotPayload(values: LotFormValues, previous: LotFormValues | undefined): LotFormValues {
  return Object.fromEntries(
    LOT_FORM_FIELDS.filter((field) => (values[field] ?? null) !== (previous?.[field] ?? null)).map((field) => [
      field,
      values[field] === '' ? null : (values[field] ?? null),
    ])
  )
}

/** What a row of a lots CSV does (POST /api/lots/import/preview and /api/lots/import). */
export type LotImportAction = 'create' | 'update' | 'unchanged' | 'error'

export type CsvValue = string | number | null

/** A field a row sets: `column` is the CSV header, `from` the stored value, `to` the file's (null: empty). */
export interface LotChange {
  field: string
  column: string
  from: CsvValue
  to: CsvValue
}

/** One row of the file, by its line (the header is line 1). */
export interface LotImportRow {
  row: number
  lotNumber: string | null
  action: LotImportAction
  lotId: number | null
  changes: LotChange[]
  errors: { field: string; message: string }[]
}

export type LotImportSummary = { rows: number } & Record<LotImportAction, number>

/** The backend's report of an import, previewed or applied. */
export interface LotImportReport {
  message: string
  summary: LotImportSummary
  rows: LotImportRow[]
}
