import type { DateTime } from 'luxon'
import type Lot from '#inventory/models/lot'
import type { ListedPrices } from '#inventory/queries/prices_in_force'

export type CsvValue = string | number | null

/** The lot form's fields a lots CSV carries (validators/lot.ts names them). */
export type LotCsvField =
  | 'unitNumber'
  | 'lotNumber'
  | 'title'
  | 'name'
  | 'type'
  | 'typeCode'
  | 'propertyType'
  | 'category'
  | 'phase'
  | 'landSize'
  | 'builtUpArea'
  | 'size'
  | 'price'
  | 'spaPrice'
  | 'status'
  | 'location'
  | 'address'
  | 'note'
  | 'description'
  | 'kind'
  | 'propertyId'
  | 'isBumiputeraLot'
  | 'bumiReleasedAt'
  | 'bumiReleaseAuthority'
  | 'bumiReleaseReference'
  | 'released'

/** What a row reads beyond the lot itself: the prices its development's price lists hold in force. */
export type LotCsvContext = { listed: ListedPrices }

export type LotCsvColumn = {
  header: string
  field: LotCsvField
  read: (lot: Lot, context: LotCsvContext) => CsvValue
}

/** The Bumiputera quota columns: not the lot form's fields, read and checked by the import on their own. */
export const BUMIPUTERA_CSV_FIELDS: readonly LotCsvField[] = [
  'isBumiputeraLot',
  'bumiReleasedAt',
  'bumiReleaseAuthority',
  'bumiReleaseReference',
]

/** Yes/no columns: not the lot form's fields (it takes booleans), read and checked by the import on their own. */
export const FLAG_CSV_FIELDS: readonly LotCsvField[] = ['released']

/**
 * The price in force in RM: whole ringgit as a number, with sen as two decimals. The import compares a cell
 * with this, so an exported price imports back unchanged.
 */
export function priceInForceCell(lot: Lot, { listed }: LotCsvContext): CsvValue {
  const sen = listed.get(lot.id)
  if (sen === undefined) return lot.price
  return sen % 100 === 0 ? sen / 100 : (sen / 100).toFixed(2)
}

/** A release moment in UTC to the second, with its zone, as the import reads it back. */
export function releaseCell(moment: DateTime | null): CsvValue {
  return moment ? moment.toUTC().toISO({ suppressMilliseconds: true }) : null
}

/**
 * One column set for export and import, each a stored value (never the screens' defaults or sqft), so an
 * exported file imports back unchanged.
 */
export const LOT_CSV_COLUMNS: readonly LotCsvColumn[] = [
  { header: 'Unit Number', field: 'unitNumber', read: (lot) => lot.unitNumber },
  { header: 'Lot Number', field: 'lotNumber', read: (lot) => lot.lotNumber },
  { header: 'Title', field: 'title', read: (lot) => lot.title },
  { header: 'Type', field: 'type', read: (lot) => lot.type },
  { header: 'Type Code', field: 'typeCode', read: (lot) => lot.typeCode },
  { header: 'Phase', field: 'phase', read: (lot) => lot.phase },
  { header: 'Land Area (sqm)', field: 'landSize', read: (lot) => lot.landSizeSqm },
  { header: 'Built-up Area (sqm)', field: 'builtUpArea', read: (lot) => lot.builtUpSqm },
  { header: 'Size (sqm)', field: 'size', read: (lot) => lot.sizeSqm },
  { header: 'Price (RM)', field: 'price', read: priceInForceCell },
  { header: 'SPA Price', field: 'spaPrice', read: (lot) => lot.spaPrice },
  { header: 'Status', field: 'status', read: (lot) => lot.status },
  { header: 'Name', field: 'name', read: (lot) => lot.name },
  { header: 'Property Type', field: 'propertyType', read: (lot) => lot.propertyType },
  { header: 'Category', field: 'category', read: (lot) => lot.category },
  { header: 'Location', field: 'location', read: (lot) => lot.location },
  { header: 'Address', field: 'address', read: (lot) => lot.address },
  { header: 'Note', field: 'note', read: (lot) => lot.note },
  { header: 'Description', field: 'description', read: (lot) => lot.description },
  { header: 'Kind', field: 'kind', read: (lot) => lot.kind },
  { header: 'Property ID', field: 'propertyId', read: (lot) => lot.developmentId },
  { header: 'Bumiputera Lot', field: 'isBumiputeraLot', read: (lot) => (lot.isBumiputeraLot ? 'yes' : 'no') },
  { header: 'Bumiputera Release Date', field: 'bumiReleasedAt', read: (lot) => releaseCell(lot.bumiReleasedAt) },
  { header: 'Bumiputera Release Authority', field: 'bumiReleaseAuthority', read: (lot) => lot.bumiReleaseAuthority },
  { header: 'Bumiputera Release Reference', field: 'bumiReleaseReference', read: (lot) => lot.bumiReleaseReference },
  { header: 'Released', field: 'released', read: (lot) => (lot.isReleased !== false ? 'yes' : 'no') },
]

/** Together they name a lot: a row whose key matches a lot on record updates it. */
export const LOT_KEY_FIELDS: readonly LotCsvField[] = ['lotNumber', 'kind', 'propertyId']

/** A header names a column by its header or by its field ('Lot Number' or 'lotNumber'), in any case. */
export function columnNamed(name: string): LotCsvColumn | undefined {
  const wanted = name.trim().toLowerCase()
  return LOT_CSV_COLUMNS.find(
    (column) => column.header.toLowerCase() === wanted || column.field.toLowerCase() === wanted
  )
}

/** A text a spreadsheet would run as a formula is written with a leading quote, and read back without it. */
const FORMULA_START = /^[=+\-@\t\r]/

function csvCell(value: CsvValue): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A cell as written by `csvCell`: the quote that kept a formula as text is dropped. */
export function readCsvCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell
}

function csvLine(values: CsvValue[]) {
  return values.map(csvCell).join(',')
}

export function lotsCsv(lots: Lot[], context: LotCsvContext): string {
  const lines = [csvLine(LOT_CSV_COLUMNS.map((column) => column.header))]
  for (const lot of lots) lines.push(csvLine(LOT_CSV_COLUMNS.map((column) => column.read(lot, context))))
  return `${lines.join('\r\n')}\r\n`
}

/** The import's template: the header row and one example lot. */
export function lotsCsvTemplate(): string {
  const example: Record<LotCsvField, CsvValue> = {
    unitNumber: 'MKS-25',
    lotNumber: '25',
    title: 'PT 54125',
    type: 'INTERMEDIATE (B)',
    typeCode: 'B',
    phase: 4,
    landSize: 186,
    builtUpArea: 242,
    size: null,
    price: 468000,
    spaPrice: 'RM 468,000',
    status: 'available',
    name: null,
    propertyType: 'Intermediate',
    category: 'shoplot',
    location: null,
    address: null,
    note: null,
    description: null,
    kind: 'lot',
    propertyId: null,
    isBumiputeraLot: 'no',
    bumiReleasedAt: null,
    bumiReleaseAuthority: null,
    bumiReleaseReference: null,
    released: 'yes',
  }
  return [
    csvLine(LOT_CSV_COLUMNS.map((column) => column.header)),
    csvLine(LOT_CSV_COLUMNS.map((column) => example[column.field])),
    '',
  ].join('\r\n')
}
