import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { auditBy, recordAudit } from '#audit'
import Development from '#inventory/models/development'
import DevelopmentPolicy from '#inventory/policies/development_policy'
import { holdLengthValidator } from '#inventory/validators/hold_length'
import { AppError } from '#core/errors'
import { serializeDevelopmentHold } from '#inventory/transformers/development_settings_transformer'

export default class DevelopmentHoldsController {
  async index({ bouncer }: HttpContext) {
    await bouncer.with(DevelopmentPolicy).authorize('manageHolds')
    const developments = await Development.query().orderBy('name').orderBy('id').limit(500)
    return developments.map(serializeDevelopmentHold)
  }

  /** New requests hold their lot this long; pending ones keep their deadline. */
  async update(ctx: HttpContext) {
    const { bouncer, params, request } = ctx
    await bouncer.with(DevelopmentPolicy).authorize('manageHolds')
    const development = await Development.find(params.id)
    if (!development) throw AppError.notFound('Property not found')
    const { holdMinutes } = await request.validateUsing(holdLengthValidator)
    const before = { holdMinutes: development.holdMinutes }
    await db.transaction(async (trx) => {
      development.useTransaction(trx)
      development.holdMinutes = holdMinutes
      await development.save()
      await recordAudit(trx, auditBy(ctx), {
        action: 'development.hold_length_changed',
        subject: { type: 'development', id: development.id, label: development.name },
        before,
        after: { holdMinutes },
      })
    })
    return { message: 'Hold length saved.', ...serializeDevelopmentHold(development) }
  }
}
