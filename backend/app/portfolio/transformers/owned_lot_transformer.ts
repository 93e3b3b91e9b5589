import type { OwnedLotOption } from '#portfolio/queries/owned_lots'
import { propertyStatusFor } from '#portfolio/services/statuses'

/** Spec 001 section 3, owned-property option: id (the lot's), name, price, status. */
export function serializeOwnedLotOption({ owned, lot }: OwnedLotOption) {
  const number = lot.unitNumber ?? lot.lotNumber
  return {
    id: lot.id,
    _id: lot.id,
    name: lot.name ?? `Lot ${number}`,
    price: lot.price === null ? null : Math.round(lot.price),
    status: propertyStatusFor(owned.status),
    lotNumber: number,
    type: lot.type,
    bookingId: owned.bookingId,
    dateOwned: owned.ownedAt.toISO(),
  }
}
