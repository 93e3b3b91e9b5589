import type { User } from '#identity'
import type Booking from '#bookings/models/booking'
import type BookingDocument from '#bookings/models/booking_document'
import { sqmToSqft } from '#inventory'
import { allowedActions } from '#bookings/workflow'
import { findBookingWithDetails } from '#bookings/queries/list_bookings'

export function documentUrl(document: BookingDocument) {
  return `/api/uploads/documents/${document.bookingId}/${document.id}`
}

export function serializeDocument(document: BookingDocument) {
  const url = documentUrl(document)
  return {
    id: document.id,
    _id: document.id,
    bookingId: document.bookingId,
    documentType: document.documentType,
    documentName: document.originalName,
    originalName: document.originalName,
    mimeType: document.mimeType,
    size: document.sizeBytes,
    documentUrl: url,
    url,
    downloadUrl: `${url}?download=1`,
    createdAt: document.createdAt?.toISO() ?? null,
  }
}

/**
 * A booking with everything the screens read (requirements: api.md#booking-record). Preload
 * lot, user, agency, respondedBy; documents and history when the caller shows them.
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
        price: lot.price,
        status: lot.status,
      }
    : null
  const documents = booking.$preloaded.documents ? booking.documents : []
  const latest = (type: string) => [...documents].reverse().find((document) => document.documentType === type)
  const cheque = latest('cheque')
  const icFront = latest('ic_front')
  const icBack = latest('ic_back')
  const other = latest('uploaded_document') ?? latest('other')

  return {
    id: booking.id,
    _id: booking.id,
    status: booking.status,
    /** What the user asking may do now (the workflow's transitions they may take). */
    allowedActions: allowedActions(viewer, booking),
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
          }
        : null,
    userId: booking.userId,
    agency:
      booking.$preloaded.agency && booking.agency
        ? { id: booking.agency.id, _id: booking.agency.id, name: booking.agency.name }
        : null,
    agencyId: booking.agencyId,
    agentAdmin: booking.agentAdminId,
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
    documentUrl: other ? documentUrl(other) : null,
    documentOriginalName: other?.originalName ?? null,
    chequeUrl: cheque ? documentUrl(cheque) : null,
    chequeOriginalName: cheque?.originalName ?? null,
    icFrontUrl: icFront ? documentUrl(icFront) : null,
    icFrontOriginalName: icFront?.originalName ?? null,
    icBackUrl: icBack ? documentUrl(icBack) : null,
    icBackOriginalName: icBack?.originalName ?? null,
    ...(booking.$preloaded.documents ? { documents: documents.map(serializeDocument) } : {}),
    ...(booking.$preloaded.history
      ? {
          history: booking.history.map((change) => ({
            id: change.id,
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

/** A booking as the screens read it after a change: every detail, history, and what the viewer may do next. */
export async function presentBooking(id: number, viewer: User, message?: string) {
  const booking = await findBookingWithDetails(id)
  return { ...(message ? { message } : {}), ...serializeBooking(booking!, viewer) }
}
