import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Lot, { type LotStatus } from '#inventory/models/lot'
import { AppError } from '#core/errors'
import { sqlDateTime } from '#core/dates'

export const LOT_NO_LONGER_AVAILABLE = 'This lot is no longer available. Please choose another lot.'

/** Of any number of simultaneous requests the first to lock wins; the others then see the lot taken. */
export async function lockAvailableLot(trx: TransactionClientContract, lotId: number): Promise<Lot> {
  const lot = await Lot.query({ client: trx }).where('id', lotId).forUpdate().first()
  if (!lot) throw AppError.invalid('lotId', 'Lot information is required for booking')
  if (lot.status !== 'available') throw AppError.conflict(LOT_NO_LONGER_AVAILABLE)
  return lot
}

export async function setLotStatus(trx: TransactionClientContract, lotId: number, status: LotStatus) {
  await Lot.query({ client: trx }).where('id', lotId).update({ status, updated_at: sqlDateTime() })
}

/** Resolves the spec's `type-{lowercase type}-{lot number}` property id to a hub lot. */
export async function findLotByPropertyId(propertyId: string): Promise<Lot | null> {
  const match = /^type-([abc])-([\w-]+)$/i.exec(propertyId.trim())
  if (!match) return null
  return Lot.query()
    .where('type_code', match[1].toUpperCase())
    .where('lot_number', match[2])
    .where('kind', 'lot')
    .first()
}
