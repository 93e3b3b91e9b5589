import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import { parse, CsvError } from 'csv-parse/sync'
import Lot from '#inventory/models/lot'
import Development from '#inventory/models/development'
import { CreateLot, type NewLotFields } from '#inventory/actions/save_lot'
import { createLotValidator, normalizeNumbers } from '#inventory/validators/lot'
import { AppError, type FieldError } from '#core/errors'

/** The columns a lots CSV may have, named as the lot form's fields. */
export const LOT_IMPORT_COLUMNS = [
  'lotNumber',
  'unitNumber',
  'type',
  'typeCode',
  'status',
  'price',
  'spaPrice',
  'landSize',
  'landAreaSqft',
  'builtUpArea',
  'size',
  'title',
  'name',
  'description',
  'phase',
  'propertyType',
  'category',
  'location',
  'address',
  'note',
  'kind',
  'propertyId',
] as const

const REQUIRED_COLUMNS = ['lotNumber', 'type', 'status'] as const

export const MAX_IMPORT_ROWS = 2000

export const DUPLICATE_LOT_NUMBER = 'A lot with this number already exists in this development.'

/** A rejected row: its line in the file (the header is line 1) and what is wrong with it. */
export type RejectedRow = { row: number; lotNumber: string | null; errors: FieldError[] }

export type LotImportResult =
  | { ok: true; rows: number; lots: Lot[] }
  | { ok: false; rows: number; rejected: RejectedRow[] }

type ParsedRow = { row: number; cells: Record<string, string> }
type ValidRow = { row: number; fields: NewLotFields; developmentId: number }

/**
 * Imports lots from a CSV with a header row. Every row is checked first, with the lot
 * form's validator and against the lot numbers already taken; then either every row is
 * created in one transaction, or, when any row is rejected, none is and the result lists
 * each rejected row with its field messages. A file is fixed and sent again whole: there
 * is never a half-imported file to reconcile.
 */
@inject()
export default class ImportLots {
  constructor(private createLot: CreateLot) {}

  async handle(csv: Buffer | string): Promise<LotImportResult> {
    const parsed = readRows(csv)
    const defaultDevelopment = await Development.query().where('is_active', true).orderBy('id').first()
    const rejected: RejectedRow[] = []
    const valid: ValidRow[] = []

    for (const { row, cells } of parsed) {
      const checked = await checkRow(cells, defaultDevelopment?.id ?? null)
      if ('errors' in checked) rejected.push({ row, lotNumber: cells.lotNumber || null, errors: checked.errors })
      else valid.push({ row, ...checked })
    }

    rejected.push(...(await takenLotNumbers(valid)))
    if (rejected.length) {
      return { ok: false, rows: parsed.length, rejected: rejected.sort((a, b) => a.row - b.row) }
    }

    const lots: Lot[] = []
    let current: ValidRow | undefined
    try {
      await db.transaction(async (trx) => {
        for (const entry of valid) {
          current = entry
          lots.push(await this.createLot.handle(entry.fields, { client: trx }))
        }
      })
    } catch (error) {
      // A lot number taken between the check and the insert: the transaction is undone.
      if (error instanceof AppError && error.errors && current) {
        return { ok: false, rows: parsed.length, rejected: [{ row: current.row, lotNumber: current.fields.lotNumber, errors: error.errors }] }
      }
      throw error
    }
    return { ok: true, rows: parsed.length, lots }
  }
}

function readRows(csv: Buffer | string): ParsedRow[] {
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>
  try {
    records = parse(csv, {
      columns: (header: string[]) => checkHeader(header),
      bom: true,
      trim: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof records
  } catch (error) {
    if (error instanceof AppError) throw error
    if (error instanceof CsvError) throw AppError.invalid('file', `The file is not a valid CSV: ${error.message}`)
    throw error
  }
  if (records.length === 0) throw AppError.invalid('file', 'The file has no lots to import.')
  if (records.length > MAX_IMPORT_ROWS) {
    throw AppError.invalid('file', `A file may hold at most ${MAX_IMPORT_ROWS} lots; this one has ${records.length}.`)
  }
  return records.map(({ record, info }) => ({ row: info.lines, cells: record }))
}

function checkHeader(header: string[]): string[] {
  const columns = header.map((name) => name.trim())
  const unknown = columns.filter((name) => !(LOT_IMPORT_COLUMNS as readonly string[]).includes(name))
  if (unknown.length) {
    throw AppError.invalid(
      'file',
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}. The columns are: ${LOT_IMPORT_COLUMNS.join(', ')}.`
    )
  }
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name))
  if (missing.length) throw AppError.invalid('file', `The header row must name the columns ${REQUIRED_COLUMNS.join(', ')}; missing: ${missing.join(', ')}.`)
  const repeated = columns.find((name, index) => columns.indexOf(name) !== index)
  if (repeated) throw AppError.invalid('file', `The column "${repeated}" appears twice in the header row.`)
  return columns
}

/** One row through the lot form's validator. An empty cell is a field left out. */
async function checkRow(
  cells: Record<string, string>,
  defaultDevelopmentId: number | null
): Promise<{ fields: NewLotFields; developmentId: number } | { errors: FieldError[] }> {
  const given: Record<string, unknown> = {}
  for (const [column, value] of Object.entries(cells)) if (value !== '') given[column] = value
  // Codes and statuses are matched whatever their case: 'a' is type A, 'Available' is available.
  if (typeof given.typeCode === 'string') given.typeCode = given.typeCode.toUpperCase()
  if (typeof given.status === 'string') given.status = given.status.toLowerCase()
  if (typeof given.kind === 'string') given.kind = given.kind.toLowerCase()

  let fields: NewLotFields
  try {
    fields = await createLotValidator.validate(normalizeNumbers(given))
  } catch (error) {
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      return { errors: (error.messages as FieldError[]).map(({ field, message }) => ({ field, message })) }
    }
    throw error
  }
  const developmentId = fields.propertyId ?? defaultDevelopmentId
  if (developmentId === null) return { errors: [{ field: 'propertyId', message: 'Property not found' }] }
  return { fields, developmentId }
}

/**
 * Rows whose lot number is already taken in their development, by a lot on record or by
 * an earlier row of the file. One query per development.
 */
async function takenLotNumbers(rows: ValidRow[]): Promise<RejectedRow[]> {
  const rejected: RejectedRow[] = []
  const key = (row: ValidRow) => `${row.developmentId}|${row.fields.kind ?? 'lot'}|${row.fields.lotNumber}`
  const byDevelopment = Map.groupBy(rows, (row) => row.developmentId)
  const existing = new Set<string>()
  const knownDevelopments = new Set<number>()

  for (const [developmentId, group] of byDevelopment) {
    const development = await Development.find(developmentId)
    if (!development) continue
    knownDevelopments.add(developmentId)
    const numbers = [...new Set(group.map((row) => row.fields.lotNumber))]
    const lots = await Lot.query().where('development_id', developmentId).whereIn('lot_number', numbers).select('kind', 'lot_number')
    for (const lot of lots) existing.add(`${developmentId}|${lot.kind}|${lot.lotNumber}`)
  }

  const firstRowOf = new Map<string, number>()
  for (const row of rows) {
    const errors: FieldError[] = []
    if (!knownDevelopments.has(row.developmentId)) {
      errors.push({ field: 'propertyId', message: 'Property not found' })
    } else if (existing.has(key(row))) {
      errors.push({ field: 'lotNumber', message: DUPLICATE_LOT_NUMBER })
    } else if (firstRowOf.has(key(row))) {
      errors.push({ field: 'lotNumber', message: `Lot number ${row.fields.lotNumber} is already on row ${firstRowOf.get(key(row))} of this file.` })
    } else {
      firstRowOf.set(key(row), row.row)
    }
    if (errors.length) rejected.push({ row: row.row, lotNumber: row.fields.lotNumber, errors })
  }
  return rejected
}
