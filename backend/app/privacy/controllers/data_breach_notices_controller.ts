import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { auditBy } from '#audit'
import { filterId, paginate, parseListParams } from '#core/listing'
import DataBreachPolicy from '#privacy/policies/data_breach_policy'
import DataBreachNotice from '#privacy/models/data_breach_notice'
import SendBreachNotice from '#privacy/actions/send_breach_notice'
import { sendBreachNoticeValidator } from '#privacy/validators/data_breach'
import { serializeBreachNotice } from '#privacy/transformers/data_breach_transformer'

const SORTABLE = { id: 'id', sentAt: 'sent_at' }

/** The notices sent to the people a breach affected (`filter={"breachId":3}`), and sending one. */
export default class DataBreachNoticesController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(DataBreachPolicy).authorize('manage')
    const params = parseListParams(ctx, SORTABLE, ['sentAt', 'DESC'])
    const query = DataBreachNotice.query()
    const breachId = filterId(params.filter, 'breachId')
    if (breachId !== undefined) query.where('data_breach_id', breachId)
    ctx.response.header('Cache-Control', 'private, no-store')
    const rows = await paginate(ctx, 'data-breach-notices', query, params)
    return rows.map(serializeBreachNotice)
  }

  @inject()
  async store(ctx: HttpContext, send: SendBreachNotice) {
    await ctx.bouncer.with(DataBreachPolicy).authorize('manage')
    const input = await ctx.request.validateUsing(sendBreachNoticeValidator)
    const notice = await send.handle(input, auditBy(ctx))
    return ctx.response.created({
      ...serializeBreachNotice(notice),
      message: `The notice is on its way to ${notice.recipientCount} ${notice.recipientCount === 1 ? 'person' : 'people'}.`,
    })
  }
}
