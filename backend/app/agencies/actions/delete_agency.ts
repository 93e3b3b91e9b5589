import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { User } from '#identity'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import DetachAgencyUsers from '#agencies/actions/detach_agency_users'
import Agency from '#agencies/models/agency'
import AgencyMembershipRequest from '#agencies/models/agency_membership_request'
import { AppError } from '#core/errors'
import { sqlDateTime } from '#core/dates'

export const AGENCY_GONE = 'The agency no longer exists or has already been deleted.'

export type AgencyDeletion = { agency: Agency; usersConverted: number; bookingsUpdated: number }

/** Emitted after an agency's deletion commits: the bookings it had, by id (now without an agency). */
export type AgencyDeleted = { agencyId: number; actorId: number; bookingIds: number[] }

declare module '@adonisjs/core/types' {
  interface EventsList {
    'agency:deleted': AgencyDeleted
  }
}

/**
 * Its pending requests are rejected and its people become agency-less (requirements:
 * super-admin.md#agency-deletion); its bookings lose the agency link through the schema's ON DELETE SET
 * NULL, so this module never writes the bookings table. The agency row is locked first, so no booking can be
 * linked to it between the count and the delete.
 */
@inject()
export default class DeleteAgency {
  constructor(private detachAgencyUsers: DetachAgencyUsers) {}

  async handle(actor: User, agencyId: number, by: AuditBy): Promise<AgencyDeletion> {
    const deletion = await db.transaction(async (trx) => {
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
      const bookings = await trx.from('bookings').where('agency_id', agency.id).select('id')
      await agency.delete()
      await recordAudit(trx, by, {
        action: 'agency.deleted',
        subject: { type: 'agency', id: agency.id, label: agency.name },
        before: auditFields(agency),
        after: null,
      })
      return { agency, usersConverted, bookingIds: bookings.map((row: { id: number }) => row.id) }
    })
    // The bookings module closes the requests nobody can answer any more (its workflow's `close`).
    await emitter.emit('agency:deleted', { agencyId, actorId: actor.id, bookingIds: deletion.bookingIds })
    const { agency, usersConverted, bookingIds } = deletion
    return { agency, usersConverted, bookingsUpdated: bookingIds.length }
  }
}
