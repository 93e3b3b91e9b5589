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
  requiredDocuments?: RequiredDocumentType[]
  packageIds?: number[]
}

/**
 * The caller has checked the form's documents and taken the requester's consent (requirements:
 * booking.md#workflow).
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
        // The answer is read in the transaction (the request's answer waits for no connection after it).
        detailed: true,
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
          packageIds: input.packageIds,
          ...input.consent,
        },
      })
    )
  }
}
