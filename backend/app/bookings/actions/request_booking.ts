import type { User } from '#identity'
import { takeTransition } from '#bookings/workflow'
import type { RequiredDocumentType } from '#bookings/models/booking'
import type { FormAttachments } from '#bookings/ports'

export type BookingRequestInput = {
  lotId: number
  name: string
  email: string
  phone: string
  requestMessage?: string | null
  consent: FormAttachments['consent']
  /** The document types the form required (#documents/validators/documents). */
  requiredDocuments?: RequiredDocumentType[]
}

/**
 * A booking request of one's own (requirements: booking.md#workflow): an approved agency member's
 * starts as pending_agent, an agent admin's as pending_admin (the workflow's `request` rows).
 * The caller has checked the form's documents and taken the requester's consent.
 */
export default class RequestBooking {
  async handle(
    actor: User,
    input: BookingRequestInput,
    documents: Pick<FormAttachments, 'store'>,
    ip: string | null = null
  ) {
    return documents.store(actor.id, (within) =>
      takeTransition({
        actor: { user: actor },
        action: 'request',
        within,
        ip,
        create: {
          lotId: input.lotId,
          userId: actor.id,
          createdBy: 'user',
          agencyId: actor.agencyId,
          agentAdminId: null,
          creatorName: input.name,
          creatorEmail: input.email,
          creatorPhone: input.phone,
          contactPhone: input.phone,
          requestMessage: input.requestMessage ?? null,
          requiredDocuments: input.requiredDocuments ?? [],
          ...input.consent,
        },
      })
    )
  }
}
