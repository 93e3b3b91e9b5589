import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { paginate, parseListParams, readFilter } from '#core/listing'
import { AppError } from '#core/errors'
import { sqlDateTime } from '#core/dates'
import Notification from '#notifications/models/notification'
import NotificationPolicy from '#notifications/policies/notification_policy'
import { NOTIFICATION_SORTABLE, notificationsOf, unreadCount } from '#notifications/queries/list_notifications'
import { serializeNotification } from '#notifications/transformers/notification_transformer'
import { notificationFilterValidator } from '#notifications/validators/notification'

export const NOTIFICATION_NOT_FOUND = 'Notification not found'

export default class NotificationsController {
  async index(ctx: HttpContext) {
    const me = ctx.auth.getUserOrFail()
    await ctx.bouncer.with(NotificationPolicy).authorize('watch', me.id)
    const params = parseListParams(ctx, NOTIFICATION_SORTABLE, ['createdAt', 'DESC'])
    const filter = await readFilter(notificationFilterValidator, params.filter)
    ctx.response.header('Cache-Control', 'private, no-store')
    return (await paginate(ctx, 'notifications', notificationsOf(me.id, filter), params)).map(serializeNotification)
  }

  async unread({ auth, response }: HttpContext) {
    const me = auth.getUserOrFail()
    response.header('Cache-Control', 'private, no-store')
    return { unread: await unreadCount(me.id) }
  }

  async markRead({ auth, bouncer, params }: HttpContext) {
    const me = auth.getUserOrFail()
    const notification = await Notification.find(params.id)
    if (!notification) throw AppError.notFound(NOTIFICATION_NOT_FOUND)
    await bouncer.with(NotificationPolicy).authorize('watch', notification.userId)
    if (notification.readAt === null) {
      notification.readAt = DateTime.utc()
      await notification.save()
    }
    return { ...serializeNotification(notification), unread: await unreadCount(me.id) }
  }

  async markAllRead({ auth }: HttpContext) {
    const me = auth.getUserOrFail()
    const updated = await Notification.query()
      .where('user_id', me.id)
      .whereNull('read_at')
      .update({ read_at: sqlDateTime() })
    return { updated: Number(Array.isArray(updated) ? updated[0] : updated) || 0, unread: 0 }
  }
}
