import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#identity/models/user'
import UserPolicy from '#identity/policies/user_policy'
import { bumiputeraDecisionValidator } from '#identity/validators/bumiputera'
import { serializeBumiputera } from '#identity/transformers/user_transformer'
import { auditBy, recordAudit } from '#audit'
import { AppError } from '#core/errors'

export const BUMIPUTERA_NOT_DECLARED = 'This person has not declared Bumiputera status.'

/**
 * Staff verify or reject a declared Bumiputera status (the declaration, with its evidence, is the documents
 * module's). On the person's locked row, the one a booking for them locks: a booking sees the status before
 * or after a decision.
 */
export default class BumiputeraController {
  async decide(ctx: HttpContext) {
    const { auth, bouncer, params, request } = ctx
    await bouncer.with(UserPolicy).authorize('decideAnyBumiputera')
    const { status } = await request.validateUsing(bumiputeraDecisionValidator)
    const actor = auth.user as User
    const user = await db.transaction(async (trx) => {
      const locked = await User.query({ client: trx }).where('id', params.id).forUpdate().first()
      if (!locked) throw AppError.notFound('User not found')
      await bouncer.with(UserPolicy).authorize('decideBumiputera', locked)
      if (locked.bumiputeraStatus === 'none') throw AppError.conflict(BUMIPUTERA_NOT_DECLARED)
      const before = { bumiputeraStatus: locked.bumiputeraStatus }
      locked.useTransaction(trx)
      locked.bumiputeraStatus = status
      locked.bumiputeraVerifiedBy = actor.id
      locked.bumiputeraVerifiedAt = DateTime.utc()
      await locked.save()
      await recordAudit(trx, auditBy(ctx), {
        action: `user.bumiputera_${status}`,
        subject: { type: 'user', id: locked.id, label: locked.name },
        before,
        after: { bumiputeraStatus: status },
      })
      return locked
    })
    await user.load('bumiputeraVerifier')
    const message = status === 'verified' ? 'Bumiputera status verified.' : 'Bumiputera status rejected.'
    return { message, ...serializeBumiputera(user) }
  }
}
