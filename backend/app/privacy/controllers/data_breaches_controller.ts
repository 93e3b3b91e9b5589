import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import { auditBy } from '#audit'
import { AppError } from '#core/errors'
import { paginate, parseListParams } from '#core/listing'
import DataBreachPolicy from '#privacy/policies/data_breach_policy'
import DataBreach, { BREACH_STATUSES } from '#privacy/models/data_breach'
import RecordDataBreach from '#privacy/actions/record_data_breach'
import UpdateDataBreach, { BREACH_NOT_FOUND } from '#privacy/actions/update_data_breach'
import { recordDataBreachValidator, updateDataBreachValidator } from '#privacy/validators/data_breach'
import { serializeBreach } from '#privacy/transformers/data_breach_transformer'

const SORTABLE = { id: 'id', discoveredAt: 'discovered_at', status: 'status', createdAt: 'created_at' }

export default class DataBreachesController {
  /** GET /api/data-breaches: `filter={"status":"open"}` for the incidents still open (the dashboard's clocks). */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(DataBreachPolicy).authorize('manage')
    const params = parseListParams(ctx, SORTABLE, ['discoveredAt', 'DESC'])
    const query = DataBreach.query()
    const status = params.filter.status
    if (status !== undefined && status !== null && status !== '' && status !== 'all') {
      if (!BREACH_STATUSES.includes(status as never)) {
        throw AppError.invalid('filter.status', 'status must be open or closed')
      }
      query.where('status', status as string)
    }
    ctx.response.header('Cache-Control', 'private, no-store')
    const rows = await paginate(ctx, 'data-breaches', query, params)
    const now = DateTime.now()
    return rows.map((breach) => serializeBreach(breach, now))
  }

  async show({ bouncer, params, response }: HttpContext) {
    await bouncer.with(DataBreachPolicy).authorize('manage')
    const breach = await DataBreach.find(params.id)
    if (!breach) throw AppError.notFound(BREACH_NOT_FOUND)
    response.header('Cache-Control', 'private, no-store')
    return serializeBreach(breach)
  }

  @inject()
  async store(ctx: HttpContext, record: RecordDataBreach) {
    await ctx.bouncer.with(DataBreachPolicy).authorize('manage')
    const facts = await ctx.request.validateUsing(recordDataBreachValidator)
    const breach = await record.handle(facts, auditBy(ctx))
    return ctx.response.created({ ...serializeBreach(breach), message: 'The breach has been recorded.' })
  }

  @inject()
  async update(ctx: HttpContext, update: UpdateDataBreach) {
    await ctx.bouncer.with(DataBreachPolicy).authorize('manage')
    const change = await ctx.request.validateUsing(updateDataBreachValidator)
    const breach = await update.handle(Number(ctx.params.id), change, auditBy(ctx))
    return { ...serializeBreach(breach), message: 'The breach record has been updated.' }
  }
}
