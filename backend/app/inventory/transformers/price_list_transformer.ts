import type { DateTime } from 'luxon'
import type PriceListVersion from '#inventory/models/price_list_version'

export type PriceListEntryRow = {
  lot_id: number
  price_sen: number | string
  unit_number: string | null
  lot_number: string
}

/** `inForce`: whether the version's time has come (a later version may still have replaced it). */
export function serializePriceListVersion(version: PriceListVersion, now: DateTime) {
  return {
    id: version.id,
    developmentId: version.developmentId,
    label: version.label,
    effectiveAt: version.effectiveAt.toUTC().toISO(),
    inForce: version.effectiveAt <= now,
    publishedById: version.publishedById,
    entryCount: version.entryCount,
    createdAt: version.createdAt?.toUTC().toISO() ?? null,
  }
}

export function serializePriceListEntry(row: PriceListEntryRow) {
  const priceSen = Number(row.price_sen)
  return {
    lotId: Number(row.lot_id),
    unitNumber: row.unit_number,
    lotNumber: row.lot_number,
    priceSen,
    /** Whole RM, as the lot answers show it. */
    price: Math.round(priceSen / 100),
  }
}
