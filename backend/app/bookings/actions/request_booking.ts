import type { User } from '#identity'
import { isAgentAdmin, isSuperAdmin } from '#core/roles'
import { AppError } from '#core/errors'
import { placeBooking } from '#bookings/actions/place_booking'
import type { CheckedDocument } from '#bookings/services/document_store'

export const NOT_A_MEMBER = 'You must be an approved agency member to request bookings'

export type BookingRequestInput = {
  lotId: number
  name: string
  email: string
  phone: string
  requestMessage?: string | null
}

export type BookingRequestDocuments = {
  cheque?: CheckedDocument
  icFront?: CheckedDocument
  icBack?: CheckedDocument
}

/**
 * Spec 000 "Booking request form" and README decision 1: an approved agency member's
 * request starts as pending_agent; an agent admin's as pending_admin and needs the
 * payment cheque and both sides of the IC. Super admins cannot book lots.
 */
export default class RequestBooking {
  /**
   * `chequeRequired: false` is the agent booking form of the lot-type page (spec 000): both
   * IC sides required (checked by its endpoint), the cheque optional.
   */
  async handle(
    actor: User,
    input: BookingRequestInput,
    documents: BookingRequestDocuments,
    { chequeRequired = true }: { chequeRequired?: boolean } = {}
  ) {
    if (isSuperAdmin(actor.role)) throw AppError.forbidden('Super admins cannot book lots.')
    const agent = isAgentAdmin(actor.role)
    const member = actor.agencyId !== null && actor.agencyStatus === 'approved'
    if (!agent && !member) throw AppError.forbidden(NOT_A_MEMBER)

    if (agent) {
      const missing = [
        chequeRequired && !documents.cheque && { field: 'cheque', message: 'Payment cheque document is required' },
        !documents.icFront && { field: 'icFront', message: 'IC front image is required' },
        !documents.icBack && { field: 'icBack', message: 'IC back image is required' },
      ].filter((error): error is { field: string; message: string } => Boolean(error))
      if (missing.length) throw new AppError(missing[0].message, 422, missing)
    } else if (Boolean(documents.icFront) !== Boolean(documents.icBack)) {
      const field = documents.icFront ? 'icBack' : 'icFront'
      throw AppError.invalid(field, 'Both IC front and back are required if uploading IC')
    }

    return placeBooking({
      lotId: input.lotId,
      status: agent ? 'pending_admin' : 'pending_agent',
      createdById: actor.id,
      createdBy: agent ? 'agent' : 'user',
      userId: actor.id,
      agencyId: actor.agencyId,
      agentAdminId: agent ? actor.id : null,
      creatorName: input.name,
      creatorEmail: input.email,
      creatorPhone: input.phone,
      contactPhone: input.phone,
      requestMessage: input.requestMessage ?? null,
      historyNote: agent ? 'Booking requested by agent admin; sent to admin for review' : 'Booking requested',
      documents: [documents.cheque, documents.icFront, documents.icBack].filter((d): d is CheckedDocument =>
        Boolean(d)
      ),
    })
  }
}
