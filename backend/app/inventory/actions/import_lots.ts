import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { errors as vineErrors } from '@vinejs/vine'
import { DateTime } from 'luxon'
import { parse, CsvError } from 'csv-parse/sync'
import Lot, { LOT_TYPES, type LotKind } from '#inventory/models/lot'
import Development from '#inventory/models/development'
import { CreateLot, UpdateLot, type LotFields, type NewLotFields } from '#inventory/actions/save_lot'
import {
  REQUIRED_LOT_FIELDS,
  createLotValidator,
  lotKeyValidator,
  normalizeNumbers,
  updateLotValidator,
} from '#inventory/validators/lot'
import {
  BUMIPUTERA_CSV_FIELDS,
  FLAG_CSV_FIELDS,
  LOT_CSV_COLUMNS,
  LOT_KEY_FIELDS,
  columnNamed,
  readCsvCell,
  releaseCell,
  type CsvValue,
  type LotCsvColumn,
  type LotCsvContext,
  type LotCsvField,
} from '#inventory/lot_csv'
import { listedPrices } from '#inventory/queries/prices_in_force'
import { AppError, type FieldError } from '#core/errors'
import type { AuditBy } from '#audit'
import { lotHolders } from '#inventory/ports'

export const MAX_IMPORT_ROWS = 2000

export type LotImportAction = 'create' | 'update' | 'unchanged' | 'error'

/** A field a row sets: the stored value and the file's (null: empty). */
export type LotChange = { field: LotCsvField; column: string; from: CsvValue; to: CsvValue }

export type LotImportRow = {
  row: number
  lotNumber: string | null
  action: LotImportAction
  lotId: number | null
  changes: LotChange[]
  errors: FieldError[]
}

export type LotImportSummary = { rows: number } & Record<LotImportAction, number>

/** `applied`: the changes were written (never on a dry run, nor when any row is refused). */
export type LotImportReport = { applied: boolean; summary: LotImportSummary; rows: LotImportRow[] }

type ParsedRow = { row: number; cells: Partial<Record<LotCsvField, string>> }
type LotKey = { lotNumber: string; kind: LotKind; developmentId: number }
type PlannedRow = LotImportRow & { lot?: Lot; fields?: LotFields | NewLotFields }

/** Lot numbers are matched as the unique index matches them: whatever their case. */
const keyOf = ({ developmentId, kind, lotNumber }: LotKey) => `${developmentId}|${kind}|${lotNumber.toLowerCase()}`

const REQUIRED_COLUMNS: readonly LotCsvField[] = ['lotNumber']

/**
 * A row whose key is on record updates that lot, any other creates one. Every row is checked first; a dry
 * run reports, otherwise all changes are written in one transaction or none. A status a booking gave its lot
 * cannot be changed by a row.
 */
@inject()
export default class ImportLots {
  constructor(
    private createLot: CreateLot,
    private updateLot: UpdateLot
  ) {}

  async handle(
    csv: Buffer | string,
    { dryRun = false, by }: { dryRun?: boolean; by?: AuditBy } = {}
  ): Promise<LotImportReport> {
    const { columns, rows } = readRows(csv)
    if (dryRun) return report(await plan(columns, rows), false)

    let planned: PlannedRow[] = []
    let current: PlannedRow | undefined
    try {
      return await db.transaction(async (trx) => {
        planned = await plan(columns, rows, trx)
        if (planned.some((entry) => entry.action === 'error')) return report(planned, false)
        for (const entry of planned) {
          current = entry
          if (entry.action === 'create') {
            entry.lotId = (
              await this.createLot.handle(entry.fields as NewLotFields, { client: trx, cause: 'import', by })
            ).id
          } else if (entry.action === 'update') {
            await this.updateLot.handle(entry.lot!, entry.fields!, { client: trx, cause: 'import', by })
          }
        }
        return report(planned, true)
      })
    } catch (error) {
      // A lot number taken, or a lot claimed, between the checks and the write: nothing was written.
      if (error instanceof AppError && error.status < 500 && current) {
        Object.assign(current, {
          action: 'error',
          changes: [],
          errors: error.errors ?? [{ field: 'status', message: error.message }],
        })
        return report(planned, false)
      }
      throw error
    }
  }
}

function report(rows: PlannedRow[], applied: boolean): LotImportReport {
  const summary: LotImportSummary = { rows: rows.length, create: 0, update: 0, unchanged: 0, error: 0 }
  for (const entry of rows) summary[entry.action] += 1
  return {
    applied,
    summary,
    rows: rows.map(({ row, lotNumber, action, lotId, changes, errors }) => ({
      row,
      lotNumber,
      action,
      lotId,
      changes,
      errors,
    })),
  }
}

function readRows(csv: Buffer | string): { columns: LotCsvColumn[]; rows: ParsedRow[] } {
  let columns: LotCsvColumn[] = []
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>
  try {
    records = parse(csv, {
      columns: (header: string[]) => {
        columns = checkHeader(header)
        return columns.map((column) => column.field)
      },
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
  return {
    columns,
    rows: records.map(({ record, info }) => ({
      row: info.lines,
      cells: Object.fromEntries(Object.entries(record).map(([field, cell]) => [field, readCsvCell(cell)])),
    })),
  }
}

function checkHeader(header: string[]): LotCsvColumn[] {
  const unknown = header.filter((name) => !columnNamed(name))
  if (unknown.length) {
    throw AppError.invalid(
      'file',
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name.trim()}"`).join(', ')}. The columns are: ${LOT_CSV_COLUMNS.map((column) => column.header).join(', ')}.`
    )
  }
  const columns = header.map((name) => columnNamed(name)!)
  const missing = LOT_CSV_COLUMNS.filter(
    (column) => REQUIRED_COLUMNS.includes(column.field) && !columns.includes(column)
  )
  if (missing.length) {
    throw AppError.invalid(
      'file',
      `The header row must name the column ${missing.map((column) => column.header).join(', ')}.`
    )
  }
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index)
  if (repeated) throw AppError.invalid('file', `The column "${repeated.header}" appears twice in the header row.`)
  return columns
}

/** Lots on record are locked for the rest of the transaction when `client` is one; three queries in all. */
async function plan(
  columns: LotCsvColumn[],
  rows: ParsedRow[],
  client?: TransactionClientContract
): Promise<PlannedRow[]> {
  const defaultDevelopment = await Development.query({ client }).where('is_active', true).orderBy('id').first()
  const keys = await Promise.all(rows.map(({ cells }) => readKey(cells, defaultDevelopment?.id ?? null)))
  const valid = keys.filter((key): key is LotKey => !Array.isArray(key))
  const developmentIds = [...new Set(valid.map((key) => key.developmentId))]
  const knownDevelopments = new Set(
    developmentIds.length
      ? (await Development.query({ client }).whereIn('id', developmentIds).select('id')).map((d) => d.id)
      : []
  )
  const lots = new Map<string, Lot>()
  if (valid.length) {
    const query = Lot.query({ client })
      .whereIn('development_id', developmentIds)
      .whereIn('lot_number', [...new Set(valid.map((key) => key.lotNumber))])
    if (client) query.forUpdate()
    for (const lot of await query) lots.set(keyOf(lot), lot)
  }
  // The price column shows the price in force: a row is compared with what an export holds.
  const context: LotCsvContext = {
    listed: await listedPrices(
      [...lots.values()].map((lot) => lot.id),
      DateTime.utc(),
      client
    ),
  }

  const firstRowOf = new Map<string, number>()
  const planned: PlannedRow[] = []
  for (const [index, { row, cells }] of rows.entries()) {
    const key = keys[index]
    const entry: PlannedRow = {
      row,
      lotNumber: cells.lotNumber || null,
      action: 'error',
      lotId: null,
      changes: [],
      errors: [],
    }
    planned.push(entry)
    if (Array.isArray(key)) {
      entry.errors = key
      continue
    }
    if (!knownDevelopments.has(key.developmentId)) {
      entry.errors = [{ field: 'propertyId', message: 'Property not found' }]
      continue
    }
    const earlierRow = firstRowOf.get(keyOf(key))
    if (earlierRow !== undefined) {
      entry.errors = [
        { field: 'lotNumber', message: `Lot number ${key.lotNumber} is already on row ${earlierRow} of this file.` },
      ]
      continue
    }
    firstRowOf.set(keyOf(key), row)
    const lot = lots.get(keyOf(key))
    Object.assign(
      entry,
      lot ? await updateOf(lot, columns, cells, context) : await creationOf(key, columns, cells, context)
    )
  }

  await refuseHeldStatusChanges(planned, client)
  return planned
}

async function readKey(cells: ParsedRow['cells'], defaultDevelopmentId: number | null): Promise<LotKey | FieldError[]> {
  const given = Object.fromEntries(LOT_KEY_FIELDS.flatMap((field) => (cells[field] ? [[field, cells[field]]] : [])))
  if (typeof given.kind === 'string') given.kind = given.kind.toLowerCase()
  const checked = await validated(lotKeyValidator, normalizeNumbers(given))
  if ('errors' in checked) return checked.errors
  const developmentId = checked.fields.propertyId ?? defaultDevelopmentId
  if (developmentId === null) return [{ field: 'propertyId', message: 'Property not found' }]
  return { lotNumber: checked.fields.lotNumber, kind: checked.fields.kind ?? 'lot', developmentId }
}

async function creationOf(
  key: LotKey,
  columns: LotCsvColumn[],
  cells: ParsedRow['cells'],
  context: LotCsvContext
): Promise<Partial<PlannedRow>> {
  const given: Record<string, unknown> = { lotNumber: key.lotNumber }
  for (const column of formColumns(columns)) if (cells[column.field]) given[column.field] = cells[column.field]
  const checked = await validated(createLotValidator, normalizeNumbers(canonical(given)))
  const quota = bumiputeraOf(
    null,
    quotaColumns(columns).filter((column) => cells[column.field]),
    cells,
    context
  )
  const flags = flagsOf(
    null,
    flagColumns(columns).filter((column) => cells[column.field]),
    cells,
    context
  )
  const errors = [
    ...('errors' in checked ? checked.errors : wholeRinggit(checked.fields.price)),
    ...quota.errors,
    ...flags.errors,
  ]
  if (errors.length || 'errors' in checked) return { errors }
  const fields: NewLotFields = {
    ...checked.fields,
    ...quota.fields,
    ...flags.fields,
    lotNumber: key.lotNumber,
    kind: key.kind,
    propertyId: key.developmentId,
  }
  const changes = formColumns(columns).flatMap((column) => {
    const to = valueOf(fields, column.field)
    return to === null ? [] : [{ field: column.field, column: column.header, from: null, to }]
  })
  return { action: 'create', fields, changes: [...changes, ...quota.changes, ...flags.changes] }
}

/**
 * Only the cells that differ from what an export would hold are validated, so an unchanged row imports
 * whatever it holds; an empty cell clears its field.
 */
async function updateOf(
  lot: Lot,
  columns: LotCsvColumn[],
  cells: ParsedRow['cells'],
  context: LotCsvContext
): Promise<Partial<PlannedRow>> {
  const differs = (column: LotCsvColumn) => (cells[column.field] ?? '') !== exported(column.read(lot, context))
  const edited = formColumns(columns).filter(differs)
  const quota = bumiputeraOf(lot, quotaColumns(columns).filter(differs), cells, context)
  const flags = flagsOf(lot, flagColumns(columns).filter(differs), cells, context)
  const errors: FieldError[] = []
  const given: Record<string, unknown> = {}
  for (const column of edited) {
    const cell = cells[column.field] ?? ''
    const required = REQUIRED_LOT_FIELDS[column.field as keyof typeof REQUIRED_LOT_FIELDS]
    if (cell === '' && required) errors.push({ field: column.field, message: required })
    given[column.field] = cell === '' ? null : cell
  }
  const checked = await validated(updateLotValidator, normalizeNumbers(canonical(given)))
  if ('errors' in checked) errors.push(...checked.errors)
  else errors.push(...wholeRinggit(checked.fields.price))
  errors.push(...quota.errors, ...flags.errors)
  if (errors.length || 'errors' in checked) return { lotId: lot.id, errors }

  const changes = edited.flatMap((column) => {
    const from = column.read(lot, context)
    const to = valueOf(checked.fields, column.field)
    return sameValue(from, to) ? [] : [{ field: column.field, column: column.header, from, to }]
  })
  if (context.listed.has(lot.id) && changes.some((change) => change.field === 'price')) {
    return {
      lotId: lot.id,
      errors: [
        {
          field: 'price',
          message:
            "This lot's price comes from a price list in force: publish a new price-list version to change it. The Price column edits only the own price of lots no price list names.",
        },
      ],
    }
  }
  const fields = {
    ...Object.fromEntries(changes.map((change) => [change.field, change.to])),
    ...quota.fields,
    ...flags.fields,
  } as LotFields
  const allChanges = [...changes, ...quota.changes, ...flags.changes]
  return { action: allChanges.length ? 'update' : 'unchanged', lotId: lot.id, lot, fields, changes: allChanges }
}

/** The lot's own price is stored in whole ringgit; sen are a price list's. */
function wholeRinggit(price: number | null | undefined): FieldError[] {
  if (price === null || price === undefined || Number.isInteger(price)) return []
  return [
    {
      field: 'price',
      message:
        "The Price column sets the lot's own price, in whole ringgit: publish a price list for a price with sen.",
    },
  ]
}

type QuotaFields = Pick<
  LotFields,
  'isBumiputeraLot' | 'bumiReleasedAt' | 'bumiReleaseAuthority' | 'bumiReleaseReference'
>

const YES = new Set(['yes', 'y', 'true', '1'])
const NO = new Set(['no', 'n', 'false', '0', ''])
const RELEASE_FIELDS = ['bumiReleasedAt', 'bumiReleaseAuthority', 'bumiReleaseReference'] as const
const RELEASE_REQUIRED: Record<(typeof RELEASE_FIELDS)[number], string> = {
  bumiReleasedAt: 'The release date is required with the authority and reference',
  bumiReleaseAuthority: 'The releasing authority is required with the release date and reference',
  bumiReleaseReference: 'The release reference is required with the release date and authority',
}

/** A release date: a day (midnight UTC) or a moment with its zone, not in the future (a minute's grace). */
function releaseMoment(cell: string): DateTime | string {
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(cell)
  const moment = dayOnly ? DateTime.fromISO(cell, { zone: 'utc' }) : DateTime.fromISO(cell, { setZone: true })
  if (!moment.isValid || (!dayOnly && !/(Z|[+-]\d{2}:?\d{2})$/i.test(cell))) {
    return 'The release date must be a date (YYYY-MM-DD) or a date and time with its zone (ISO 8601)'
  }
  if (moment > DateTime.utc().plus({ minutes: 1 })) return 'The release date cannot be in the future'
  return moment.toUTC().startOf('second')
}

/**
 * The Bumiputera quota cells a row changes (`edited`), checked as `PUT /api/lots/:id/bumiputera` checks
 * them: yes or no, and a release's date, authority and reference all three or none, with what the lot holds.
 */
function bumiputeraOf(
  lot: Lot | null,
  edited: LotCsvColumn[],
  cells: ParsedRow['cells'],
  context: LotCsvContext
): { fields: QuotaFields; changes: LotChange[]; errors: FieldError[] } {
  const fields: QuotaFields = {}
  const errors: FieldError[] = []
  const changes: LotChange[] = []
  for (const column of edited) {
    const cell = (cells[column.field] ?? '').trim()
    let to: CsvValue = cell === '' ? null : cell
    if (column.field === 'isBumiputeraLot') {
      const answer = cell.toLowerCase()
      if (!YES.has(answer) && !NO.has(answer)) {
        errors.push({ field: column.field, message: 'Bumiputera Lot must be yes or no' })
        continue
      }
      fields.isBumiputeraLot = YES.has(answer)
      to = fields.isBumiputeraLot ? 'yes' : 'no'
    } else if (column.field === 'bumiReleasedAt') {
      const moment = cell === '' ? null : releaseMoment(cell)
      if (typeof moment === 'string') {
        errors.push({ field: column.field, message: moment })
        continue
      }
      fields.bumiReleasedAt = moment
      to = releaseCell(moment)
    } else {
      const limit = column.field === 'bumiReleaseAuthority' ? 160 : 120
      if (cell.length > limit) {
        errors.push({ field: column.field, message: `${column.header} must be at most ${limit} characters` })
        continue
      }
      fields[column.field as 'bumiReleaseAuthority' | 'bumiReleaseReference'] = cell === '' ? null : cell
    }
    const from = lot ? column.read(lot, context) : null
    if (!sameValue(from, to)) changes.push({ field: column.field, column: column.header, from, to })
  }
  if (errors.length) return { fields, changes, errors }
  if (edited.some((column) => (RELEASE_FIELDS as readonly string[]).includes(column.field))) {
    const after = {
      bumiReleasedAt: fields.bumiReleasedAt !== undefined ? fields.bumiReleasedAt : (lot?.bumiReleasedAt ?? null),
      bumiReleaseAuthority:
        fields.bumiReleaseAuthority !== undefined ? fields.bumiReleaseAuthority : (lot?.bumiReleaseAuthority ?? null),
      bumiReleaseReference:
        fields.bumiReleaseReference !== undefined ? fields.bumiReleaseReference : (lot?.bumiReleaseReference ?? null),
    }
    const given = RELEASE_FIELDS.filter((field) => after[field])
    if (given.length > 0 && given.length < RELEASE_FIELDS.length) {
      for (const field of RELEASE_FIELDS) if (!after[field]) errors.push({ field, message: RELEASE_REQUIRED[field] })
    }
  }
  return { fields, changes, errors }
}

/**
 * The yes/no cells a row changes (`edited`), read as the Bumiputera Lot column is. An empty cell leaves the lot
 * as it is (a new lot is released): a blank column must not take lots off sale.
 */
function flagsOf(
  lot: Lot | null,
  edited: LotCsvColumn[],
  cells: ParsedRow['cells'],
  context: LotCsvContext
): { fields: Pick<LotFields, 'released'>; changes: LotChange[]; errors: FieldError[] } {
  const fields: Pick<LotFields, 'released'> = {}
  const errors: FieldError[] = []
  const changes: LotChange[] = []
  for (const column of edited) {
    const answer = (cells[column.field] ?? '').trim().toLowerCase()
    if (answer === '') continue
    if (!YES.has(answer) && !NO.has(answer)) {
      errors.push({ field: column.field, message: `${column.header} must be yes or no` })
      continue
    }
    fields.released = YES.has(answer)
    const to = fields.released ? 'yes' : 'no'
    const from = lot ? column.read(lot, context) : null
    if (!sameValue(from, to)) changes.push({ field: column.field, column: column.header, from, to })
  }
  return { fields, changes, errors }
}

/** A lot a booking holds has the status the booking workflow gave it: its row may not change it. */
async function refuseHeldStatusChanges(planned: PlannedRow[], client?: TransactionClientContract) {
  const changing = planned.filter(
    (entry) => entry.action === 'update' && entry.changes.some((change) => change.field === 'status')
  )
  if (!changing.length) return
  const holders = await lotHolders(
    changing.map((entry) => entry.lotId!),
    client
  )
  for (const entry of changing) {
    const bookingId = holders.get(entry.lotId!)
    if (bookingId === undefined) continue
    entry.action = 'error'
    entry.errors = [
      {
        field: 'status',
        message: `This lot is held by booking #${bookingId}: its status follows that booking. Process or cancel the booking to change it.`,
      },
    ]
  }
}

const editable = (columns: LotCsvColumn[]) => columns.filter((column) => !LOT_KEY_FIELDS.includes(column.field))
/** The lot form's columns, checked by its validators. */
const formColumns = (columns: LotCsvColumn[]) =>
  editable(columns).filter(
    (column) => !BUMIPUTERA_CSV_FIELDS.includes(column.field) && !FLAG_CSV_FIELDS.includes(column.field)
  )
const flagColumns = (columns: LotCsvColumn[]) => columns.filter((column) => FLAG_CSV_FIELDS.includes(column.field))
const quotaColumns = (columns: LotCsvColumn[]) =>
  columns.filter((column) => BUMIPUTERA_CSV_FIELDS.includes(column.field))

/** The cell an export writes for a stored value (before CSV quoting). */
const exported = (value: CsvValue) => (value === null ? '' : String(value))

/** Codes, statuses and types are matched whatever their case: 'a' is type A, 'warehouse' is Warehouse. */
function canonical(given: Record<string, unknown>) {
  const result = { ...given }
  if (typeof result.typeCode === 'string') result.typeCode = result.typeCode.toUpperCase()
  if (typeof result.status === 'string') result.status = result.status.toLowerCase()
  if (typeof result.type === 'string') {
    const type = result.type
    result.type = LOT_TYPES.find((known) => known.toLowerCase() === type.toLowerCase()) ?? type
  }
  return result
}

function valueOf(fields: LotFields, field: LotCsvField): CsvValue {
  const value = (fields as Record<string, unknown>)[field]
  return value === undefined ? null : (value as CsvValue)
}

function sameValue(a: CsvValue, b: CsvValue) {
  if (a === null || b === null) return a === b
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b)
  return a === b
}

type Validator<Output> = { validate: (data: unknown) => Promise<Output> }

async function validated<Output>(
  validator: Validator<Output>,
  data: Record<string, unknown>
): Promise<{ fields: Output } | { errors: FieldError[] }> {
  try {
    return { fields: await validator.validate(data) }
  } catch (error) {
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      return { errors: (error.messages as FieldError[]).map(({ field, message }) => ({ field, message })) }
    }
    throw error
  }
}
