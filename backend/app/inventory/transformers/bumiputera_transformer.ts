import type Development from '#inventory/models/development'
import type Lot from '#inventory/models/lot'
import { bumiReleaseRecorded, isQuotaLot } from '#inventory/bumiputera'

export function serializeDevelopmentQuota(development: Development) {
  return {
    id: development.id,
    name: development.name,
    bumiputeraQuotaPercent: development.bumiputeraQuotaPercent ?? null,
  }
}

/** A lot's quota flag and release; `reserved`: only a verified Bumiputera buyer may book it now. */
export function serializeLotBumiputera(lot: Lot) {
  const released = bumiReleaseRecorded(lot)
  return {
    id: lot.id,
    isBumiputeraLot: Boolean(lot.isBumiputeraLot),
    release: released
      ? {
          releasedAt: lot.bumiReleasedAt!.toUTC().toISO(),
          authority: lot.bumiReleaseAuthority,
          reference: lot.bumiReleaseReference,
        }
      : null,
    reserved: isQuotaLot(lot),
  }
}
