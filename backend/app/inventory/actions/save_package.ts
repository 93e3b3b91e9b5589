import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Development from '#inventory/models/development'
import PricePackage, { type PackageEligibility, type PackageKind } from '#inventory/models/price_package'
import { listedPrices, senOf } from '#inventory/queries/prices_in_force'
import { packageLotIds } from '#inventory/queries/packages'
import { recordAudit, type AuditBy } from '#audit'
import { AppError, type FieldError } from '#core/errors'
import { sqlDateTime } from '#core/dates'

export type PackageInput = {
  name: string
  kind: PackageKind
  percentBp?: number | null
  amountSen?: number | null
  validFrom?: string
  validUntil?: string | null
  lotIds?: number[] | null
  combinable: boolean
  eligibility: PackageEligibility
}

export const PACKAGE_IN_FORCE =
  'This package is in force or has been retired: it cannot be changed. Retire it and create another.'
export const PACKAGE_RETIRED = 'This package has already been retired.'

/** A start set a moment ago (a slow request, a clock a little behind) is taken as "now". */
const PAST_GRACE_MINUTES = 1
const INSERT_CHUNK = 500

function refuse(errors: FieldError[]): never {
  throw new AppError(errors[0].message, 422, errors)
}

/** An ISO 8601 moment with its zone, to the second; without a zone it would be read as the server's. */
function moment(text: string, field: string): DateTime {
  const value = DateTime.fromISO(text, { setZone: true })
  if (!value.isValid || !/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    refuse([{ field, message: 'Give a date and time with its zone (ISO 8601)' }])
  }
  return value.toUTC().startOf('second')
}

const rm = (sen: number) => `RM ${(sen / 100).toLocaleString('en-MY', { minimumFractionDigits: 2 })}`

type Terms = {
  name: string
  kind: PackageKind
  percentBp: number | null
  amountSen: number | null
  validFrom: DateTime
  validUntil: DateTime | null
  lotIds: number[] | null
  combinable: boolean
  eligibility: PackageEligibility
}

/** Everything that needs no database: the amount for the kind, the window. */
function readTerms(input: PackageInput, now: DateTime): Terms {
  const errors: FieldError[] = []
  if (input.kind === 'percent' && !input.percentBp) {
    errors.push({ field: 'percentBp', message: 'A percentage package needs its percentage' })
  }
  if (input.kind === 'fixed' && !input.amountSen) {
    errors.push({ field: 'amountSen', message: 'A fixed-amount package needs its amount' })
  }
  if (errors.length) refuse(errors)
  const validFrom = input.validFrom ? moment(input.validFrom, 'validFrom') : now.startOf('second')
  if (validFrom < now.minus({ minutes: PAST_GRACE_MINUTES })) {
    refuse([{ field: 'validFrom', message: 'The start cannot be in the past' }])
  }
  const validUntil = input.validUntil ? moment(input.validUntil, 'validUntil') : null
  if (validUntil && validUntil <= validFrom) {
    refuse([{ field: 'validUntil', message: 'The end must be after the start' }])
  }
  const lotIds = input.lotIds ?? null
  if (lotIds) {
    const seen = new Set<number>()
    lotIds.forEach((lotId, index) => {
      if (seen.has(lotId)) refuse([{ field: `lotIds.${index}`, message: 'This lot is listed more than once' }])
      seen.add(lotId)
    })
  }
  return {
    name: input.name,
    kind: input.kind,
    percentBp: input.kind === 'percent' ? input.percentBp! : null,
    amountSen: input.kind === 'fixed' ? input.amountSen! : null,
    validFrom,
    validUntil,
    lotIds,
    combinable: input.combinable,
    eligibility: input.eligibility,
  }
}

/** The lots the package applies to, each the development's; a fixed amount above none of their prices. */
async function checkLots(trx: TransactionClientContract, development: Development, terms: Terms): Promise<number[]> {
  const query = trx.from('lots').select('id', 'development_id', 'price', 'lot_number', 'unit_number')
  if (terms.lotIds) query.whereIn('id', terms.lotIds)
  else query.where('development_id', development.id)
  const lots: Array<{
    id: number
    development_id: number
    price: number | string | null
    lot_number: string
    unit_number: string | null
  }> = await query
  const byId = new Map(lots.map((lot) => [Number(lot.id), lot]))
  if (terms.lotIds) {
    const wrong = terms.lotIds.flatMap((lotId, index): FieldError[] => {
      const lot = byId.get(lotId)
      if (!lot) return [{ field: `lotIds.${index}`, message: 'Lot not found' }]
      if (Number(lot.development_id) !== development.id) {
        return [{ field: `lotIds.${index}`, message: 'This lot belongs to another development' }]
      }
      return []
    })
    if (wrong.length) refuse(wrong)
  }
  if (terms.kind === 'fixed') {
    const listed = await listedPrices([...byId.keys()], DateTime.utc(), trx)
    for (const lot of lots) {
      const price = listed.get(Number(lot.id)) ?? senOf(lot.price === null ? null : Number(lot.price))
      if (price !== null && terms.amountSen! > price) {
        const name = lot.unit_number ? `unit ${lot.unit_number}` : `lot ${lot.lot_number}`
        refuse([{ field: 'amountSen', message: `The amount is more than the price of ${name} (${rm(price)})` }])
      }
    }
  }
  return [...byId.keys()]
}

/**
 * Packages that may not combine never overlap on a lot: were two in force together, a buyer would be
 * offered both. Asked with the development's row locked, so two writes cannot both pass.
 */
async function checkOverlap(trx: TransactionClientContract, development: Development, terms: Terms, self?: number) {
  const query = PricePackage.query({ client: trx })
    .where('development_id', development.id)
    .whereNull('retired_at')
    .where((until) => until.whereNull('valid_until').orWhere('valid_until', '>', sqlDateTime(terms.validFrom)))
  if (terms.validUntil) query.where('valid_from', '<', sqlDateTime(terms.validUntil))
  if (terms.combinable) query.where('combinable', false)
  if (self !== undefined) query.whereNot('id', self)
  const others = await query.orderBy('valid_from')
  if (others.length === 0) return
  const named = await packageLotIds(
    others.filter((other) => !other.allLots).map((other) => other.id),
    trx
  )
  const mine = terms.lotIds ? new Set(terms.lotIds) : null
  const clash = others.find(
    (other) => !mine || other.allLots || (named.get(other.id) ?? []).some((lotId) => mine.has(lotId))
  )
  if (clash) {
    refuse([
      {
        field: 'validFrom',
        message: `Its dates overlap "${clash.name}" on the same lots, and one of them may not be combined with others`,
      },
    ])
  }
}

function auditFields(saved: PricePackage, lotIds: number[] | null) {
  return {
    packageId: saved.id,
    name: saved.name,
    kind: saved.kind,
    percentBp: saved.percentBp,
    amountSen: saved.amountSen,
    validFrom: saved.validFrom.toUTC().toISO(),
    validUntil: saved.validUntil?.toUTC().toISO() ?? null,
    lotIds: lotIds ? lotIds.join(',') : 'all',
    combinable: saved.combinable,
    eligibility: saved.eligibility,
  }
}

async function lockDevelopment(trx: TransactionClientContract, id: number): Promise<Development> {
  const development = await Development.query({ client: trx }).where('id', id).forUpdate().first()
  if (!development) refuse([{ field: 'developmentId', message: 'Development not found' }])
  return development
}

async function writeLots(trx: TransactionClientContract, packageId: number, lotIds: number[] | null) {
  await trx.from('price_package_lots').where('package_id', packageId).delete()
  if (!lotIds) return
  for (let start = 0; start < lotIds.length; start += INSERT_CHUNK) {
    await trx
      .table('price_package_lots')
      .multiInsert(lotIds.slice(start, start + INSERT_CHUNK).map((lotId) => ({ package_id: packageId, lot_id: lotId })))
  }
}

function assign(target: PricePackage, terms: Terms) {
  target.merge({
    name: terms.name,
    kind: terms.kind,
    percentBp: terms.percentBp,
    amountSen: terms.amountSen,
    validFrom: terms.validFrom,
    validUntil: terms.validUntil,
    allLots: terms.lotIds === null,
    combinable: terms.combinable,
    eligibility: terms.eligibility,
  })
}

/** Creates, reschedules and retires a development's packages (docs/prices.md, "Packages"); nothing written on a refusal. */
export class SavePackage {
  async create(developmentId: number, input: PackageInput, by: AuditBy, now = DateTime.utc()) {
    const terms = readTerms(input, now)
    return db.transaction(async (trx) => {
      const development = await lockDevelopment(trx, developmentId)
      await checkLots(trx, development, terms)
      await checkOverlap(trx, development, terms)
      const created = new PricePackage()
      assign(created, terms)
      created.merge({ developmentId: development.id, createdById: by.actor.id, retiredAt: null })
      created.useTransaction(trx)
      await created.save()
      await writeLots(trx, created.id, terms.lotIds)
      await recordAudit(trx, by, {
        action: 'development.package_created',
        subject: { type: 'development', id: development.id, label: development.name },
        after: auditFields(created, terms.lotIds),
      })
      return created
    })
  }

  /** Only while not yet in force: a package a buyer may have been offered stays as it was. */
  async update(packageId: number, input: PackageInput, by: AuditBy, now = DateTime.utc()) {
    const terms = readTerms(input, now)
    return db.transaction(async (trx) => {
      const found = await PricePackage.query({ client: trx }).where('id', packageId).first()
      if (!found) throw AppError.notFound('Package not found')
      const development = await lockDevelopment(trx, found.developmentId)
      const current = await PricePackage.query({ client: trx }).where('id', packageId).forUpdate().firstOrFail()
      if (current.retiredAt || current.validFrom <= now) throw AppError.conflict(PACKAGE_IN_FORCE)
      await checkLots(trx, development, terms)
      await checkOverlap(trx, development, terms, current.id)
      const before = auditFields(
        current,
        current.allLots ? null : ((await packageLotIds([current.id], trx)).get(current.id) ?? [])
      )
      assign(current, terms)
      current.useTransaction(trx)
      await current.save()
      await writeLots(trx, current.id, terms.lotIds)
      await recordAudit(trx, by, {
        action: 'development.package_updated',
        subject: { type: 'development', id: development.id, label: development.name },
        before,
        after: auditFields(current, terms.lotIds),
      })
      return current
    })
  }

  /** Offered no more from now on; bookings made with it keep their copy. */
  async retire(packageId: number, by: AuditBy) {
    return db.transaction(async (trx) => {
      const found = await PricePackage.query({ client: trx }).where('id', packageId).forUpdate().first()
      if (!found) throw AppError.notFound('Package not found')
      if (found.retiredAt) throw AppError.conflict(PACKAGE_RETIRED)
      found.retiredAt = DateTime.utc().startOf('second')
      found.useTransaction(trx)
      await found.save()
      const development = await Development.findOrFail(found.developmentId, { client: trx })
      await recordAudit(trx, by, {
        action: 'development.package_retired',
        subject: { type: 'development', id: development.id, label: development.name },
        after: { packageId: found.id, name: found.name, retiredAt: found.retiredAt.toISO() },
      })
      return found
    })
  }
}
