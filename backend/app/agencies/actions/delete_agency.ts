import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DetachAgencyUsers, type User } from '#identity'
import Agency from '#agencies/models/agency'
import AgencyMembershipRequest from '#agencies/models/agency_membership_request'
import { AppError } from '#core/errors'
import { sqlDateTime } from '#core/dates'

export const AGENCY_GONE = 'The agency no longer exists or has already been deleted.'

export type AgencyDeletion = { agency: Agency; usersConverted: number; bookingsUpdated: number }

/**
 * Deletes an agency in one transaction (spec 001 section 4: its users become normal
 * users). Its pending membership requests are rejected, its people become agency-less
 * users (agent admins included), and its bookings keep their history without the agency
 * link: the schema's ON DELETE SET NULL on bookings.agency_id clears it as the row goes,
 * so this module never writes the bookings table. The agency row is locked first, so
 * no booking can be linked to it between the count and the delete.
 */
@inject()
export default class DeleteAgency {
  constructor(private detachAgencyUsers: DetachAgencyUsers) {}

  async handle(actor: User, agencyId: number): Promise<AgencyDeletion> {
    return db.transaction(async (trx) => {
      const agency = await Agency.query({ client: trx }).where('id', agencyId).forUpdate().first()
      if (!agency) throw AppError.notFound(AGENCY_GONE)

      const now = sqlDateTime()

      await AgencyMembershipRequest.query({ client: trx })
        .where('agency_id', agency.id)
        .where('status', 'pending')
        .update({
          status: 'rejected',
          decided_by_id: actor.id,
          decided_at: now,
          decision_notes: 'Agency deleted',
          updated_at: now,
        })
      const usersConverted = await this.detachAgencyUsers.handle(agency.id, trx)
      const [bookings] = await trx.from('bookings').where('agency_id', agency.id).count('* as total')
      await agency.delete()
      return { agency, usersConverted, bookingsUpdated: Number(bookings.total) }
    })
  }
}
