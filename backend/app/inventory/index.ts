export { default as Lot, LOT_STATUSES, LOT_TYPES, type LotStatus, type LotType } from '#inventory/models/lot'
export { default as Development } from '#inventory/models/development'
export { serializeLot, type LotResource } from '#inventory/transformers/lot_transformer'
export { sqmToSqft } from '#inventory/area'
export { listedPrices, priceInForce, senOf, type ListedPrices } from '#inventory/queries/prices_in_force'
export {
  lockAvailableLot,
  setLotStatus,
  findLotByPropertyId,
  LOT_NO_LONGER_AVAILABLE,
} from '#inventory/actions/hold_lot'
export {
  announceBookingLotChange,
  type BookingLotChange,
  type LotStatusChanged,
  type LotStatusCause,
} from '#inventory/events'
export { dropPublicLotReads, followCacheBus } from '#inventory/public_reads'
export { DEFAULT_HOLD_DAYS, defaultHoldMinutes } from '#inventory/hold_length'
export {
  answerLineFigures,
  answerLotHolders,
  onLotStatusSet,
  NO_LINE,
  type LineFigures,
  type LotHolders,
} from '#inventory/ports'
export { isQuotaLot, bumiReleaseRecorded, QUOTA_LOT_RESERVED } from '#inventory/bumiputera'
export { offerFor, priceWithPackages, type PackagedPrice } from '#inventory/queries/packages'
export { serializePackageOffer } from '#inventory/transformers/package_transformer'
export { offeredPackagesValidator } from '#inventory/validators/package'
export { type PackageTerms } from '#inventory/packages'
export { default as LotPolicy } from '#inventory/policies/lot_policy'
export { ReleaseDueBatches, type ReleasedBatch } from '#inventory/actions/release_due_batches'
