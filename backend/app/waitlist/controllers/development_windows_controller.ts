import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { auditBy, recordAudit } from '#audit'
import { AppError } from '#core/errors'
import { Development } from '#inventory'
import WaitlistPolicy from '#waitlist/policies/waitlist_policy'
import { waitlistWindowValidator } from '#waitlist/validators/waitlist'
import { serializeWaitlistWindow } from '#waitlist/transformers/waitlist_window_transformer'

export default class DevelopmentWindowsController {
  async index({ bouncer }: HttpContext) {
    await bouncer.with(WaitlistPolicy).authorize('manageWindow')
    const developments = await Development.query().orderBy('name').orderBy('id').limit(500)
    return developments.map(serializeWaitlistWindow)
  }

  /** Offers made from now on run this long; running ones keep their end. */
  async update(ctx: HttpContext) {
    const { bouncer, params, request } = ctx
    await bouncer.with(WaitlistPolicy).authorize('manageWindow')
    const development = await Development.find(params.id)
    if (!development) throw AppError.notFound('Property not found')
    const { minutes } = await request.validateUsing(waitlistWindowValidator)
    const before = { waitlistWindowMinutes: development.waitlistWindowMinutes }
    await db.transaction(async (trx) => {
      development.useTransaction(trx)
      development.waitlistWindowMinutes = minutes
      await development.save()
      await recordAudit(trx, auditBy(ctx), {
        action: 'development.waitlist_window_changed',
        subject: { type: 'development', id: development.id, label: development.name },
        before,
        after: { waitlistWindowMinutes: minutes },
      })
    })
    return { message: 'Waitlist window saved.', ...serializeWaitlistWindow(development) }
  }
}
