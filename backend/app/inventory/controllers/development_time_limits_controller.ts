import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { auditBy, recordAudit } from '#audit'
import Development from '#inventory/models/development'
import DevelopmentPolicy from '#inventory/policies/development_policy'
import { timeLimitsValidator } from '#inventory/validators/time_limits'
import { AppError } from '#core/errors'
import { serializeDevelopmentTimeLimits } from '#inventory/transformers/development_settings_transformer'

export default class DevelopmentTimeLimitsController {
  async index({ bouncer }: HttpContext) {
    await bouncer.with(DevelopmentPolicy).authorize('manageTimeLimits')
    const developments = await Development.query().orderBy('name').orderBy('id').limit(500)
    return developments.map(serializeDevelopmentTimeLimits)
  }

  async update(ctx: HttpContext) {
    const { bouncer, params, request } = ctx
    await bouncer.with(DevelopmentPolicy).authorize('manageTimeLimits')
    const development = await Development.find(params.id)
    if (!development) throw AppError.notFound('Property not found')
    const targets = await request.validateUsing(timeLimitsValidator)
    const before = {
      agentTargetMinutes: development.agentTargetMinutes,
      developerTargetMinutes: development.developerTargetMinutes,
    }
    await db.transaction(async (trx) => {
      development.useTransaction(trx)
      development.merge(targets)
      await development.save()
      await recordAudit(trx, auditBy(ctx), {
        action: 'development.time_limits_changed',
        subject: { type: 'development', id: development.id, label: development.name },
        before,
        after: { ...targets },
      })
    })
    return { message: 'Approval time limits saved.', ...serializeDevelopmentTimeLimits(development) }
  }
}
