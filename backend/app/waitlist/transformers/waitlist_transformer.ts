import type { Lot } from '#inventory'
import { maskEmail } from '#core/masking'
import type LotWaitlistEntry from '#waitlist/models/lot_waitlist_entry'

const iso = (value: { toISO(): string | null } | null | undefined) => value?.toISO() ?? null

/** The lot a place is in, as the waitlist screens name it. */
function lotSummary(lot: Lot | undefined) {
  if (!lot) return null
  return {
    id: lot.id,
    lotNumber: lot.lotNumber,
    unitNumber: lot.unitNumber,
    type: lot.type,
    typeCode: lot.typeCode,
    status: lot.status,
    propertyName: lot.name ?? lot.development?.name ?? null,
  }
}

/** The person in line, as staff lists show people: the email partly masked (docs/privacy.md, "Disclosure"). */
function person(entry: LotWaitlistEntry) {
  const user = entry.user
  return user ? { id: user.id, name: user.name, email: maskEmail(user.email) } : null
}

export function serializeJoined(entry: LotWaitlistEntry, position: number) {
  return {
    id: entry.id,
    lotId: entry.lotId,
    position,
    status: entry.status,
    joinedAt: iso(entry.joinedAt),
    offerExpiresAt: iso(entry.offerExpiresAt),
  }
}

export type JoinedWaitlistResource = ReturnType<typeof serializeJoined>

export function serializeMyPlace(entry: LotWaitlistEntry, position: number | null) {
  return {
    id: entry.id,
    lotId: entry.lotId,
    lot: lotSummary(entry.lot),
    position,
    status: entry.status,
    joinedAt: iso(entry.joinedAt),
    offeredAt: iso(entry.offeredAt),
    offerExpiresAt: iso(entry.offerExpiresAt),
  }
}

export type MyWaitlistPlaceResource = ReturnType<typeof serializeMyPlace>

export function serializeLinePlace(entry: LotWaitlistEntry, position: number) {
  return {
    id: entry.id,
    position,
    status: entry.status,
    user: person(entry),
    agency: entry.agency ? { id: entry.agency.id, name: entry.agency.name } : null,
    joinedAt: iso(entry.joinedAt),
    offeredAt: iso(entry.offeredAt),
    offerExpiresAt: iso(entry.offerExpiresAt),
  }
}

export type LinePlaceResource = ReturnType<typeof serializeLinePlace>

export function serializeAgencyPlace(entry: LotWaitlistEntry, position: number | null) {
  return {
    id: entry.id,
    lotId: entry.lotId,
    lot: lotSummary(entry.lot),
    user: person(entry),
    position,
    status: entry.status,
    joinedAt: iso(entry.joinedAt),
    offeredAt: iso(entry.offeredAt),
    offerExpiresAt: iso(entry.offerExpiresAt),
  }
}

export type AgencyWaitlistPlaceResource = ReturnType<typeof serializeAgencyPlace>
