import type { OwnedLotOption } from '#portfolio/queries/owned_lots'
import { propertyStatusFor } from '#portfolio/services/statuses'

/** An owned-property option: id (the lot's), name, price, status (requirements: api.md#owned-property-option). */
export function serializeOwnedLotOption({ owned, lot, priceSen }: OwnedLotOption) {
  const number = lot.unitNumber ?? lot.lotNumber
  return {
    id: lot.id,
    _id: lot.id,
    name: lot.name ?? `Lot ${number}`,
    price: priceSen === null ? null : Math.round(priceSen / 100),
    status: propertyStatusFor(owned.status),
    lotNumber: number,
    type: lot.type,
    bookingId: owned.bookingId,
    dateOwned: owned.ownedAt.toISO(),
  }
}

export type OwnedLotOptionResource = ReturnType<typeof serializeOwnedLotOption>
