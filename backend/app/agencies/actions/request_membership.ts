import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { MEMBER_POSITION, User } from '#identity'
import SetAgencyMembership from '#agencies/actions/set_agency_membership'
import Agency from '#agencies/models/agency'
import AgencyMembershipRequest from '#agencies/models/agency_membership_request'
import { AppError } from '#core/errors'
import { sqlDateTime } from '#core/dates'
import { announceMembership } from '#agencies/events'

export const DEFAULT_REQUEST_MESSAGE = 'Requesting agency membership'
export const REQUEST_SUBMITTED =
  'Agency membership request submitted successfully! Please wait for approval before booking.'

/** Either form's payload: `null` means the key was sent empty, `undefined` that it was not sent at all. */
export type MembershipRequestInput = {
  agencyId?: number | null
  agencyName?: string | null
  position?: string | null
  message?: string | null
  requestMessage?: string | null
}

/**
 * One open request at a time (requirements: account.md#membership-states): the user row is locked, so two
 * submissions at once cannot both pass the checks.
 */
@inject()
export default class RequestMembership {
  constructor(private setAgencyMembership: SetAgencyMembership) {}

  async handle(requester: User, input: MembershipRequestInput) {
    if (input.position === null) throw AppError.invalid('position', 'Your position is required')
    if (input.requestMessage === null) throw AppError.invalid('requestMessage', 'Please enter a message')
    if (!input.agencyId && !input.agencyName) throw AppError.invalid('agencyId', 'Please select an agency')

    const request = await db.transaction(async (trx) => {
      const user = await User.query({ client: trx }).where('id', requester.id).forUpdate().firstOrFail()
      const agency = await this.findAgency(input, trx)

      if (user.agencyId !== null && user.agencyStatus === 'approved') {
        throw AppError.invalid(
          'agencyId',
          'You are already a member of an agency. Please contact support if you need to change agencies.'
        )
      }
      if (user.agencyId !== null && user.agencyStatus === 'pending') {
        if (user.agencyId === agency.id) {
          throw AppError.conflict(
            'You already have a pending request for this agency. Please wait for it to be processed.'
          )
        }
        throw AppError.invalid(
          'agencyId',
          'You already have a pending request for a different agency. Please wait for that request to be processed.'
        )
      }

      // Found by a plain read (the user row's lock already keeps them still) and closed by id: a locking
      // UPDATE on a missing key would lock the index gap every new request goes into, and new users joining at
      // once would deadlock.
      const open = await trx
        .from('agency_membership_requests')
        .where('user_id', user.id)
        .where('status', 'pending')
        .select('id')
      if (open.length > 0) {
        await AgencyMembershipRequest.query({ client: trx })
          .whereIn(
            'id',
            open.map((row: { id: number }) => row.id)
          )
          .update({ status: 'withdrawn', decision_notes: 'Superseded by a newer request', updated_at: sqlDateTime() })
      }

      const position = input.position ?? MEMBER_POSITION
      const message = input.message || input.requestMessage || DEFAULT_REQUEST_MESSAGE
      const request = await AgencyMembershipRequest.create(
        { userId: user.id, agencyId: agency.id, position, message, status: 'pending' },
        { client: trx }
      )
      await this.setAgencyMembership.handle(user, { kind: 'requested', agencyId: agency.id, position, message }, trx)
      user.$setRelated('agency', agency)
      request.$setRelated('user', user)
      request.$setRelated('agency', agency)
      await announceMembership(trx, 'membership:requested', {
        requestId: request.id,
        userId: request.userId,
        agencyId: request.agencyId!,
        position: request.position,
        message: request.message ?? '',
      })
      return request
    })
    return request
  }

  /** The hub form may name the agency instead of giving its id. Only active agencies take requests. */
  private async findAgency(input: MembershipRequestInput, trx: TransactionClientContract) {
    const query = Agency.query({ client: trx })
    if (input.agencyId) query.where('id', input.agencyId)
    else query.where('name', input.agencyName!)
    const agency = await query.first()
    if (!agency || !agency.isActive) {
      throw AppError.invalid('agencyId', 'The selected agency does not exist or is no longer accepting requests.')
    }
    return agency
  }
}
