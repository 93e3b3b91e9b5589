import type { User } from '#identity'
import type Booking from '#bookings/models/booking'
import { sqmToSqft } from '#inventory'
import { allowedActions } from '#bookings/workflow'
import { findBookingWithDetails } from '#bookings/queries/list_bookings'
import { queuePosition } from '#bookings/approval_tiers'
import { HELD_STATUSES } from '#bookings/hold_clock'
import BookingPolicy from '#bookings/policies/booking_policy'
import { bookingPartBlocks, bookingPartFields } from '#bookings/ports'

function canExtendHold(viewer: User | null, booking: Booking): boolean {
  if (!viewer || !HELD_STATUSES.includes(booking.status) || !booking.heldUntil || booking.holdExtendedAt) return false
  return new BookingPolicy().extendHold(viewer, booking) === true
}

/**
 * A booking with everything the screens read (requirements: api.md#booking-record). Preload
 * lot, user, agency, respondedBy; history when the caller shows it; the parts other modules add
 * (#bookings/ports) once loaded.
 */
export function serializeBooking(booking: Booking, viewer: User | null) {
  const lot = booking.lot
  const landSize = lot?.landSizeSqm ?? null
  const lotDetails = lot
    ? {
        id: lot.id,
        _id: lot.id,
        lotNumber: lot.lotNumber,
        number: lot.lotNumber,
        unitNumber: lot.unitNumber,
        name: lot.name,
        title: lot.title,
        type: lot.type,
        typeCode: lot.typeCode,
        propertyType: lot.propertyType,
        phase: lot.phase,
        buildUp: lot.builtUpSqm,
        landSize,
        landAreaSqft: sqmToSqft(landSize),
        // The price the booking was made at; the lot's own for bookings older than price lists.
        price: booking.priceSen === null ? lot.price : Math.round(booking.priceSen / 100),
        status: lot.status,
      }
    : null
  const queue = queuePosition(booking)
  // An action the workflow lets the viewer take but another module holds back now (a rejected
  // document holds the decision back) is not allowed: it is listed as blocked, with why.
  const permitted = allowedActions(viewer, booking)
  const blockedActions = bookingPartBlocks(booking).filter((block) =>
    (permitted as readonly string[]).includes(block.action)
  )

  return {
    id: booking.id,
    _id: booking.id,
    status: booking.status,
    /** What the user asking may do now (the workflow's transitions they may take). */
    allowedActions: permitted.filter((action) => !blockedActions.some((block) => block.action === action)),
    /** The actions the viewer could take once something is put right, each with why not yet (`{ action, reason }`). */
    blockedActions,
    createdAt: booking.createdAt?.toISO() ?? null,
    updatedAt: booking.updatedAt?.toISO() ?? null,
    requestDate: booking.createdAt?.toISO() ?? null,
    lotId: lot?.kind === 'unit' ? null : booking.lotId,
    unitId: lot?.kind === 'unit' ? booking.lotId : null,
    lot: lot?.kind === 'unit' ? null : lotDetails,
    unit: lot?.kind === 'unit' ? lotDetails : null,
    propertyId: lot?.developmentId ?? null,
    propertyName: lot?.name ?? null,
    propertyType: lot?.propertyType ?? null,
    propertyPhase: lot?.phase ?? null,
    lotNumber: lot?.lotNumber ?? null,
    unitNumber: lot?.unitNumber ?? null,
    lotType: lot?.type ?? null,
    buildUp: lot?.builtUpSqm ?? null,
    landSize,
    specialLotId: lot?.typeCode ? `type-${lot.typeCode.toLowerCase()}-${lot.lotNumber}` : null,
    specialLotType: lot?.type ?? null,
    specialLotNumber: lot?.lotNumber ?? null,
    creatorName: booking.creatorName,
    creatorEmail: booking.creatorEmail,
    creatorPhone: booking.creatorPhone,
    contactPhone: booking.contactPhone,
    createdBy: booking.createdBy,
    createdById: booking.createdById,
    user:
      booking.$preloaded.user && booking.user
        ? {
            id: booking.user.id,
            _id: booking.user.id,
            name: booking.user.name,
            email: booking.user.email,
            phone: booking.user.phone,
            /** The buyer's Bumiputera status now (the booking details and fee receipt show it beside the discount). */
            bumiputeraStatus: booking.user.bumiputeraStatus ?? 'none',
          }
        : null,
    userId: booking.userId,
    agency:
      booking.$preloaded.agency && booking.agency
        ? { id: booking.agency.id, _id: booking.agency.id, name: booking.agency.name }
        : null,
    agencyId: booking.agencyId,
    agentAdmin: booking.agentAdminId,
    /** The lot's price in force when requested, in sen (RM x 100); null for bookings older than price lists. */
    priceSen: booking.priceSen ?? null,
    /** What its packages took off, and the price to pay, in sen (docs/prices.md, "Packages"); null before packages. */
    discountSen: booking.discountSen ?? null,
    netPriceSen: booking.netPriceSen ?? null,
    /** The packages it was made with, as they were then. */
    packages: booking.$preloaded.packages
      ? booking.packages.map((applied) => ({
          id: applied.packageId,
          name: applied.name,
          kind: applied.kind,
          percentBp: applied.percentBp,
          amountSen: applied.amountSen,
          discountSen: applied.discountSen,
        }))
      : [],
    requestMessage: booking.requestMessage,
    description: booking.requestMessage,
    agentNotes: booking.agentNotes,
    adminNotes: booking.adminNotes,
    agentResponseDate: booking.agentResponseDate?.toISO() ?? null,
    respondedBy:
      booking.$preloaded.respondedBy && booking.respondedBy
        ? booking.respondedBy.name || booking.respondedBy.email
        : null,
    cancellationDate: booking.cancellationDate?.toISO() ?? null,
    statusChangedAt: booking.statusChangedAt?.toISO() ?? null,
    /** The approval tier it waits for, since when, its target and deadline (approval time limits). */
    queue,
    overdue: queue?.overdue ?? false,
    /** A pending booking's deadline (holds with a clock): the countdown the screens show runs to it. */
    heldUntil: HELD_STATUSES.includes(booking.status) ? (booking.heldUntil?.toUTC().toISO() ?? null) : null,
    holdExtendedAt: booking.holdExtendedAt?.toUTC().toISO() ?? null,
    holdExtensionReason: booking.holdExtensionReason ?? null,
    /** Whether the viewer may extend the hold now: pending, not yet extended, and the policy allows. */
    canExtendHold: canExtendHold(viewer, booking),
    /** The privacy notice version consented to, and when (#documents/consent); null before consent was asked. */
    consentNoticeVersion: booking.consentNoticeVersion ?? null,
    consentedAt: booking.consentedAt?.toUTC().toISO() ?? null,
    /** What other modules add (#bookings/ports): the fee on record, and its columns flat for the CSV export. */
    ...bookingPartFields(booking, viewer),
    ...(booking.$preloaded.history
      ? {
          history: booking.history.map((change) => ({
            id: change.id,
            /** `status` (a status change, or a hold's extension), `document_review` or `document_upload`. */
            kind: change.event ?? 'status',
            ...(change.event ? { documentType: change.documentType, documentId: change.documentId } : {}),
            from: change.fromStatus,
            to: change.toStatus,
            notes: change.notes,
            at: change.createdAt?.toISO() ?? null,
            by:
              change.$preloaded.changedBy && change.changedBy
                ? { id: change.changedBy.id, name: change.changedBy.name, role: change.changedBy.role }
                : null,
          })),
        }
      : {}),
  }
}

export type BookingResource = ReturnType<typeof serializeBooking>

/**
 * A booking as the screens read it after a change: every detail, history, and what the viewer may
 * do next. Given a booking already read with its details (a transition's `detailed`), no query.
 */
export async function presentBooking(subject: number | Booking, viewer: User, message?: string) {
  const booking = typeof subject === 'number' ? await findBookingWithDetails(subject) : subject
  return { ...(message ? { message } : {}), ...serializeBooking(booking!, viewer) }
}
