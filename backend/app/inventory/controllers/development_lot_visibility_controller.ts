import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { auditBy, recordAudit } from '#audit'
import Development from '#inventory/models/development'
import DevelopmentPolicy from '#inventory/policies/development_policy'
import { lotVisibilityValidator } from '#inventory/validators/lot_visibility'
import { AppError } from '#core/errors'
import { dropPublicLotReads } from '#inventory/public_reads'
import { serializeDevelopmentLotVisibility } from '#inventory/transformers/development_settings_transformer'

export default class DevelopmentLotVisibilityController {
  async index({ bouncer }: HttpContext) {
    await bouncer.with(DevelopmentPolicy).authorize('manageLotVisibility')
    const developments = await Development.query().orderBy('name').orderBy('id').limit(500)
    return developments.map(serializeDevelopmentLotVisibility)
  }

  /** Whether the public pages list the development's lots not yet released, or leave them out. */
  async update(ctx: HttpContext) {
    const { bouncer, params, request } = ctx
    await bouncer.with(DevelopmentPolicy).authorize('manageLotVisibility')
    const development = await Development.find(params.id)
    if (!development) throw AppError.notFound('Property not found')
    const { showUnreleasedLots } = await request.validateUsing(lotVisibilityValidator)
    const before = { showUnreleasedLots: development.showUnreleasedLots !== false }
    await db.transaction(async (trx) => {
      development.useTransaction(trx)
      development.showUnreleasedLots = showUnreleasedLots
      await development.save()
      await recordAudit(trx, auditBy(ctx), {
        action: 'development.lot_visibility_changed',
        subject: { type: 'development', id: development.id, label: development.name },
        before,
        after: { showUnreleasedLots },
      })
    })
    // The shared public reads listed (or left out) these lots: dropped before answering, so the next read shows it.
    await dropPublicLotReads()
    return { message: 'Lot visibility saved.', ...serializeDevelopmentLotVisibility(development) }
  }
}
