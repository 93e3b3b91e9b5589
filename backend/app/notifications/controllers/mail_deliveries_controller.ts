import type { HttpContext } from '@adonisjs/core/http'
import { parseListParams } from '#core/listing'
import { AppError } from '#core/errors'
import { retryFailedMail } from '#core/mail/flush_mail_queue'
import NotificationPolicy from '#notifications/policies/notification_policy'
import {
  MAIL_DELIVERY_SORTABLE,
  mailDeliveriesQuery,
  serializeMailDelivery,
} from '#notifications/queries/list_mail_deliveries'
import { readFilter } from '#notifications/queries/read_filter'
import { mailDeliveryFilterValidator } from '#notifications/validators/notification'

/** Super admins see the emails the queue gave up on (and the waiting and sent ones) and retry them. */
export default class MailDeliveriesController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(NotificationPolicy).authorize('manageMailDeliveries')
    const params = parseListParams(ctx, MAIL_DELIVERY_SORTABLE, ['id', 'DESC'])
    const { state = 'failed' } = await readFilter(mailDeliveryFilterValidator, params.filter)
    const query = mailDeliveriesQuery(state)
    const countRow = await query.clone().count('* as total').first()
    const total = Number(countRow?.total ?? 0)
    const rows = await query
      .clone()
      .orderBy(params.sort.column, params.sort.direction)
      .offset(params.offset)
      .limit(params.limit)
      .select(
        'id',
        'recipients',
        'subject',
        'status',
        'attempts',
        'last_error',
        'next_attempt_at',
        'failed_at',
        'sent_at',
        'created_at'
      )
    const end = rows.length ? params.offset + rows.length - 1 : params.offset
    ctx.response.header('Content-Range', `mail-deliveries ${params.offset}-${end}/${total}`)
    ctx.response.header('Access-Control-Expose-Headers', 'Content-Range')
    ctx.response.header('Cache-Control', 'private, no-store')
    return rows.map(serializeMailDelivery)
  }

  async retry({ bouncer, params }: HttpContext) {
    await bouncer.with(NotificationPolicy).authorize('manageMailDeliveries')
    if (!(await retryFailedMail(Number(params.id)))) {
      throw AppError.notFound('No given-up email with this id: it may have been retried already.')
    }
    const row = await mailDeliveriesQuery('waiting').where('id', params.id).first()
    return serializeMailDelivery(row)
  }
}
