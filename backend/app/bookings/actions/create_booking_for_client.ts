import { User } from '#identity'
import { Lot } from '#inventory'
import { isAgentAdmin } from '#core/roles'
import { AppError } from '#core/errors'
import { takeTransition } from '#bookings/workflow'
import type { RequiredDocumentType } from '#bookings/models/booking'
import type { FormAttachments } from '#bookings/ports'

export type ClientBookingInput = {
  clientId: number
  lotId: number
  kind: 'lot' | 'unit'
  notes: string | null
  contactPhone?: string | null
  consent: FormAttachments['consent']
  requiredDocuments?: RequiredDocumentType[]
  packageIds?: number[]
}

/**
 * Goes straight to the super admins as pending_admin (requirements: booking.md#create-booking-for-a-client).
 * BookingPolicy.bookFor says whom the actor may book for, asked once the client's row is locked.
 */
export default class CreateBookingForClient {
  async handle(
    actor: User,
    input: ClientBookingInput,
    documents: Pick<FormAttachments, 'store'>,
    ip: string | null = null
  ) {
    const client = await User.find(input.clientId)
    if (!client) throw AppError.invalid('userId', 'Please select a user')
    const item = await Lot.find(input.lotId)
    if (!item || item.kind !== input.kind) {
      const field = input.kind === 'unit' ? 'unitId' : 'lotId'
      throw AppError.invalid(field, input.kind === 'unit' ? 'Please select a unit' : 'Please select a lot')
    }
    const byAgent = isAgentAdmin(actor.role)
    return documents.store(actor.id, (within) =>
      takeTransition({
        actor: { user: actor },
        action: 'book_for_client',
        within,
        ip,
        create: {
          lotId: item.id,
          userId: client.id,
          // `agent`: made for the client by someone else (the schema's two kinds of requester).
          createdBy: 'agent',
          agencyId: byAgent ? actor.agencyId : client.agencyStatus === 'approved' ? client.agencyId : null,
          agentAdminId: byAgent ? actor.id : null,
          creatorName: actor.name,
          creatorEmail: actor.email,
          creatorPhone: actor.phone,
          contactPhone: input.contactPhone ?? client.phone,
          requestMessage: input.notes,
          requiredDocuments: input.requiredDocuments ?? [],
          packageIds: input.packageIds,
          ...input.consent,
          notes: byAgent
            ? 'Booking created by agent admin and sent to admin for review'
            : 'Booking created by super admin for the client',
        },
      })
    )
  }
}
