import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { parseListParams } from '#core/listing'
import { MAIL_OUTBOX_TABLE, OUTBOX_SORTABLE } from '#core/mail/outbox_transport'
import NotificationPolicy from '#notifications/policies/notification_policy'
import { serializeOutboxMail } from '#notifications/transformers/outbox_mail_transformer'

export default class AdminOutboxController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(NotificationPolicy).authorize('manageJobs')
    const params = parseListParams(ctx, OUTBOX_SORTABLE, ['sentAt', 'DESC'])
    const query = db.from(MAIL_OUTBOX_TABLE)
    const countRow = await query.clone().count('* as total').first()
    const total = Number(countRow?.total ?? 0)
    const rows = await query
      .clone()
      .orderBy(params.sort.column, params.sort.direction)
      .offset(params.offset)
      .limit(params.limit)
      .select('id', 'recipients', 'subject', 'text', 'html', 'sent_at')
    const end = rows.length ? params.offset + rows.length - 1 : params.offset
    ctx.response.header('Content-Range', `outbox ${params.offset}-${end}/${total}`)
    ctx.response.header('Access-Control-Expose-Headers', 'Content-Range')
    ctx.response.header('Cache-Control', 'private, no-store')
    return rows.map(serializeOutboxMail)
  }
}
