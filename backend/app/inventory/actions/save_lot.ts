import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Lot, { type LotStatus } from '#inventory/models/lot'
import Development from '#inventory/models/development'
import { AppError } from '#core/errors'
import { sqftToSqm } from '#inventory/area'
import { announceLotReservation, announceLotStatus, announceLotsRelease, type LotStatusCause } from '#inventory/events'
import { isQuotaLot } from '#inventory/bumiputera'
import { dropPublicLotReads } from '#inventory/public_reads'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import { lotHolders, lotStatusSet } from '#inventory/ports'

/**
 * `client`: the caller's transaction (an import). `cause`: what the status change is announced as. `by`: the
 * staff member the audit trail records.
 */
export type SaveOptions = { client?: TransactionClientContract; cause?: LotStatusCause; by?: AuditBy }

/** A lot as the audit trail names it: by its unit number when it has one. */
function auditSubject(lot: Lot) {
  const label = lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `Lot ${lot.lotNumber}`
  return { type: 'lot' as const, id: lot.id, label }
}

export type LotFields = {
  unitNumber?: string | null
  lotNumber?: string
  name?: string | null
  title?: string | null
  description?: string | null
  location?: string | null
  address?: string | null
  note?: string | null
  category?: string | null
  type?: string
  typeCode?: 'A' | 'B' | 'C' | null
  propertyType?: string | null
  builtUpArea?: number | null
  landSize?: number | null
  landAreaSqft?: number | null
  size?: number | null
  price?: number | null
  spaPrice?: string | null
  phase?: number | null
  status?: LotStatus
  // The Bumiputera quota (the lots CSV sets them; the lot form does not).
  isBumiputeraLot?: boolean
  bumiReleasedAt?: DateTime | null
  bumiReleaseAuthority?: string | null
  bumiReleaseReference?: string | null
  /** Phased release: false keeps the lot off sale on every path. */
  released?: boolean
}

async function activeClaimOn(lotId: number): Promise<number | null> {
  return (await lotHolders([lotId])).get(lotId) ?? null
}

function assign(lot: Lot, fields: LotFields) {
  const plain = [
    'unitNumber',
    'lotNumber',
    'name',
    'title',
    'description',
    'location',
    'address',
    'note',
    'category',
    'type',
    'typeCode',
    'propertyType',
    'price',
    'spaPrice',
    'phase',
    'isBumiputeraLot',
    'bumiReleasedAt',
    'bumiReleaseAuthority',
    'bumiReleaseReference',
  ] as const
  for (const key of plain) {
    if (fields[key] !== undefined) (lot as unknown as Record<string, unknown>)[key] = fields[key]
  }
  if (fields.builtUpArea !== undefined) lot.builtUpSqm = fields.builtUpArea
  if (fields.landSize !== undefined) lot.landSizeSqm = fields.landSize
  else if (fields.landAreaSqft !== undefined && fields.landAreaSqft !== null)
    lot.landSizeSqm = sqftToSqm(fields.landAreaSqft)
  if (fields.size !== undefined) lot.sizeSqm = fields.size
  if (fields.released !== undefined) lot.isReleased = fields.released
}

function duplicateNumber(error: unknown) {
  const text = `${(error as { code?: string }).code ?? ''} ${String(error)}`
  return /DUP|UNIQUE/i.test(text)
}

export class UpdateLot {
  async handle(lot: Lot, fields: LotFields, { client, cause = 'admin', by }: SaveOptions = {}) {
    const update = async (trx: TransactionClientContract) => {
      const locked = await Lot.query({ client: trx }).where('id', lot.id).forUpdate().firstOrFail()
      const previous = locked.status
      const wasReleased = locked.isReleased !== false
      const wasReserved = isQuotaLot(locked)
      const before = auditFields(locked)
      if (fields.status !== undefined && fields.status !== locked.status) {
        const bookingId = await activeClaimOn(locked.id)
        if (bookingId !== null && fields.status === 'available') {
          throw AppError.conflict(
            `This lot is held by booking #${bookingId}. Process or cancel that booking to make the lot available.`
          )
        }
      }
      // A booking in progress keeps its lot on sale: withdrawing it would strand that booking.
      if (fields.released === false && wasReleased) {
        const bookingId = await activeClaimOn(locked.id)
        if (bookingId !== null) {
          throw AppError.conflict(
            `This lot is held by booking #${bookingId}. Process or cancel that booking before taking the lot off sale.`
          )
        }
      }
      assign(locked, fields)
      if (fields.status !== undefined) locked.status = fields.status
      try {
        await locked.save()
      } catch (error) {
        if (duplicateNumber(error))
          throw AppError.invalid('lotNumber', 'A lot with this number already exists in this development.')
        throw error
      }
      await announceLotStatus(locked, previous, cause, trx)
      // Put on or taken off sale by hand: told as a release batch tells it, so open pages follow.
      const isReleased = locked.isReleased !== false
      if (isReleased !== wasReleased) announceLotsRelease([locked], isReleased, trx)
      // A CSV's quota columns may reserve it for verified Bumiputera buyers, or free it.
      if (isQuotaLot(locked) !== wasReserved) announceLotReservation(locked, !wasReserved, trx)
      // Available again: the first in its waitlist is offered it; sold: its waitlist is over.
      if (locked.status !== previous) await lotStatusSet(trx, locked.id, locked.status)
      if (by) {
        await recordAudit(trx, by, {
          action: 'lot.updated',
          subject: auditSubject(locked),
          before,
          after: auditFields(locked),
        })
      }
      return locked
    }
    return client ? update(client) : db.transaction(update)
  }
}

export type NewLotFields = LotFields & {
  propertyId?: number
  kind?: 'lot' | 'unit'
  lotNumber: string
  type: string
  status: LotStatus
}

export class CreateLot {
  async handle(fields: NewLotFields, { client, cause = 'admin', by }: SaveOptions = {}) {
    const create = async (trx: TransactionClientContract) => {
      const development = fields.propertyId
        ? await Development.find(fields.propertyId, { client: trx })
        : await Development.query({ client: trx }).where('is_active', true).orderBy('id').first()
      if (!development) throw AppError.invalid('propertyId', 'Property not found')
      const lot = new Lot()
      lot.useTransaction(trx)
      lot.developmentId = development.id
      lot.kind = fields.kind ?? 'lot'
      lot.phase = development.phase
      lot.location = development.location
      assign(lot, fields)
      lot.status = fields.status
      lot.isReleased = fields.released ?? true
      try {
        await lot.save()
      } catch (error) {
        if (duplicateNumber(error))
          throw AppError.invalid('lotNumber', 'A lot with this number already exists in this development.')
        throw error
      }
      await announceLotStatus(lot, null, cause, trx)
      if (by) {
        await recordAudit(trx, by, {
          action: 'lot.created',
          subject: auditSubject(lot),
          before: null,
          after: auditFields(lot),
        })
      }
      return lot
    }
    return client ? create(client) : db.transaction(create)
  }
}

/** Price lists keep their history: a lot one has priced is retired by its status, not deleted. */
export const LOT_PRICED = 'This lot is on a published price list and cannot be deleted. Change its status instead.'

export class DeleteLot {
  async handle(lot: Lot, by: AuditBy) {
    const bookingId = await activeClaimOn(lot.id)
    if (bookingId !== null) {
      throw AppError.conflict(`This lot has an active booking (#${bookingId}) and cannot be deleted.`)
    }
    if (await db.from('price_list_entries').where('lot_id', lot.id).first()) {
      throw AppError.conflict(LOT_PRICED)
    }
    try {
      await db.transaction(async (trx) => {
        lot.useTransaction(trx)
        await lot.delete()
        await recordAudit(trx, by, {
          action: 'lot.deleted',
          subject: auditSubject(lot),
          before: auditFields(lot),
          after: null,
        })
      })
    } catch (error) {
      if (
        /foreign key|FOREIGN KEY|ER_ROW_IS_REFERENCED/i.test(`${(error as { code?: string }).code} ${String(error)}`)
      ) {
        throw AppError.conflict('This lot has bookings on record and cannot be deleted. Change its status instead.')
      }
      throw error
    }
    await dropPublicLotReads()
  }
}
