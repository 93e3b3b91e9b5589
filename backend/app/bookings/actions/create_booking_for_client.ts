import { User } from '#identity'
import { Lot } from '#inventory'
import { isAgentAdmin } from '#core/roles'
import { AppError } from '#core/errors'
import { placeBooking } from '#bookings/actions/place_booking'
import type { CheckedDocument } from '#bookings/services/document_store'

export type ClientBookingInput = {
  clientId: number
  lotId: number
  kind: 'lot' | 'unit'
  notes: string | null
  contactPhone?: string | null
}

/** The caller's policy check of the client (BookingPolicy.bookFor); throws when refused. */
export type AuthorizeClient = (client: User) => Promise<void>

/**
 * An agent admin or a super admin books an available lot or unit for a client of role user
 * (spec 001 "Create Booking Request"; the caller has authorized `createForClient`). It goes
 * straight to the super admins as pending_admin. An agent admin books under their own agency;
 * a super admin under the client's, when the client is an approved member of one.
 * Whom the actor may book for is `authorize`'s to say: checked first, and again once the lot
 * and the client are locked, so a membership decided in between is seen.
 */
export default class CreateBookingForClient {
  async handle(actor: User, input: ClientBookingInput, documents: CheckedDocument[], authorize: AuthorizeClient) {
    const client = await User.find(input.clientId)
    if (!client) throw AppError.invalid('userId', 'Please select a user')
    await authorize(client)
    if (client.role !== 'user') throw AppError.invalid('userId', 'Please select a user')

    const item = await Lot.find(input.lotId)
    const field = input.kind === 'unit' ? 'unitId' : 'lotId'
    if (!item || item.kind !== input.kind) {
      throw AppError.invalid(field, input.kind === 'unit' ? 'Please select a unit' : 'Please select a lot')
    }
    const front = documents.some((d) => d.type === 'ic_front')
    const back = documents.some((d) => d.type === 'ic_back')
    if (front !== back)
      throw AppError.invalid(front ? 'icBack' : 'icFront', 'Both front and back sides of IC are required')

    const byAgent = isAgentAdmin(actor.role)
    return placeBooking({
      lotId: item.id,
      status: 'pending_admin',
      createdById: actor.id,
      // `agent`: made for the client by someone else (the schema's two kinds of requester).
      createdBy: 'agent',
      userId: client.id,
      agencyId: byAgent ? actor.agencyId : client.agencyStatus === 'approved' ? client.agencyId : null,
      agentAdminId: byAgent ? actor.id : null,
      creatorName: actor.name,
      creatorEmail: actor.email,
      creatorPhone: actor.phone,
      contactPhone: input.contactPhone ?? client.phone,
      requestMessage: input.notes,
      historyNote: byAgent
        ? 'Booking created by agent admin and sent to admin for review'
        : 'Booking created by super admin for the client',
      documents,
      confirmUnderLock: async (trx) => {
        const locked = await User.query({ client: trx }).where('id', client.id).forUpdate().first()
        if (!locked) throw AppError.invalid('userId', 'Please select a user')
        await authorize(locked)
      },
    })
  }
}
