/** The statuses a lot can have (backend/app/inventory/models/lot.ts). */
export const LOT_STATUSES = ['available', 'reserved', 'pending', 'booked', 'sold', 'locked'] as const
export type LotStatus = (typeof LOT_STATUSES)[number]
