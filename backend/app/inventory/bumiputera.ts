import type Lot from '#inventory/models/lot'

export const QUOTA_LOT_RESERVED =
  "This lot is reserved for Bumiputera buyers. The buyer's Bumiputera status must be verified before it can be booked."

/** A lot's quota fields, as the model has them or as a row read without hydration does (0/1, a date unparsed). */
type QuotaFields = {
  isBumiputeraLot: Lot['isBumiputeraLot'] | number | null
  bumiReleasedAt: unknown
  bumiReleaseAuthority: string | null
  bumiReleaseReference: string | null
}

/** The state's release of a quota lot is on record: its date, the authority and the reference are all set. */
export function bumiReleaseRecorded(lot: Omit<QuotaFields, 'isBumiputeraLot'>): boolean {
  return lot.bumiReleasedAt != null && Boolean(lot.bumiReleaseAuthority) && Boolean(lot.bumiReleaseReference)
}

/** A quota lot not released: only a verified Bumiputera buyer may request, book or buy it. */
export function isQuotaLot(lot: QuotaFields): boolean {
  return Boolean(lot.isBumiputeraLot) && !bumiReleaseRecorded(lot)
}
