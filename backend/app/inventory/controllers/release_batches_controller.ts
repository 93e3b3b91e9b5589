import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import DevelopmentPolicy from '#inventory/policies/development_policy'
import Development from '#inventory/models/development'
import { ScheduleReleaseBatch } from '#inventory/actions/schedule_release_batch'
import { createReleaseBatchValidator } from '#inventory/validators/release_batch'
import { batchLots, listReleaseBatches } from '#inventory/queries/release_batches'
import { serializeReleaseBatch } from '#inventory/transformers/release_batch_transformer'
import { auditBy } from '#audit'
import { AppError } from '#core/errors'

async function findDevelopment(id: number) {
  const development = await Development.find(id)
  if (!development) throw AppError.notFound('Development not found')
  return development
}

/** A development's phased release batches: scheduled, listed, cancelled; the scheduler releases them. */
export default class ReleaseBatchesController {
  async index({ bouncer, params }: HttpContext) {
    await bouncer.with(DevelopmentPolicy).authorize('manageReleaseBatches')
    const development = await findDevelopment(params.id)
    const batches = await listReleaseBatches(development.id)
    const lots = await batchLots(batches.map((batch) => batch.id))
    return batches.map((batch) => serializeReleaseBatch(batch, lots.get(batch.id) ?? []))
  }

  @inject()
  async store(ctx: HttpContext, schedule: ScheduleReleaseBatch) {
    await ctx.bouncer.with(DevelopmentPolicy).authorize('manageReleaseBatches')
    const input = await ctx.request.validateUsing(createReleaseBatchValidator)
    const { batch, lots } = await schedule.create(Number(ctx.params.id), input, auditBy(ctx))
    return ctx.response.created({ message: 'Release batch scheduled.', ...serializeReleaseBatch(batch, lots) })
  }

  @inject()
  async destroy(ctx: HttpContext, schedule: ScheduleReleaseBatch) {
    await ctx.bouncer.with(DevelopmentPolicy).authorize('manageReleaseBatches')
    await schedule.cancel(Number(ctx.params.id), Number(ctx.params.batchId), auditBy(ctx))
    return { message: 'Release batch cancelled.' }
  }
}
