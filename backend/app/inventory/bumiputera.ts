import type Lot from '#inventory/models/lot'

export const QUOTA_LOT_RESERVED =
  "This lot is reserved for Bumiputera buyers. The buyer's Bumiputera status must be verified before it can be booked."

/** The state's release of a quota lot is on record: its date, the authority and the reference are all set. */
export function bumiReleaseRecorded(lot: Lot): boolean {
  return lot.bumiReleasedAt != null && Boolean(lot.bumiReleaseAuthority) && Boolean(lot.bumiReleaseReference)
}

/** A quota lot not released: only a verified Bumiputera buyer may request, book or buy it. */
export function isQuotaLot(lot: Lot): boolean {
  return Boolean(lot.isBumiputeraLot) && !bumiReleaseRecorded(lot)
}
