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

/**
 * An agent admin books an available lot or unit for a client of role user (spec 001
 * "Create Booking Request"); it goes straight to the super admins as pending_admin.
 */
export default class CreateBookingForClient {
  async handle(agent: User, input: ClientBookingInput, documents: CheckedDocument[] = []) {
    if (!isAgentAdmin(agent.role)) throw AppError.forbidden('Only agent admins can create bookings for clients.')
    const client = await User.find(input.clientId)
    if (!client || client.role !== 'user') throw AppError.invalid('userId', 'Please select a user')

    const item = await Lot.find(input.lotId)
    const field = input.kind === 'unit' ? 'unitId' : 'lotId'
    if (!item || item.kind !== input.kind) {
      throw AppError.invalid(field, input.kind === 'unit' ? 'Please select a unit' : 'Please select a lot')
    }
    const front = documents.some((d) => d.type === 'ic_front')
    const back = documents.some((d) => d.type === 'ic_back')
    if (front !== back) throw AppError.invalid(front ? 'icBack' : 'icFront', 'Both front and back sides of IC are required')

    return placeBooking({
      lotId: item.id,
      status: 'pending_admin',
      createdById: agent.id,
      createdBy: 'agent',
      userId: client.id,
      agencyId: agent.agencyId,
      agentAdminId: agent.id,
      creatorName: agent.name,
      creatorEmail: agent.email,
      creatorPhone: agent.phone,
      contactPhone: input.contactPhone ?? client.phone,
      requestMessage: input.notes,
      historyNote: 'Booking created by agent admin and sent to admin for review',
      documents,
    })
  }
}
