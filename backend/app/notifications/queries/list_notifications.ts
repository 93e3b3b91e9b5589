import Notification from '#notifications/models/notification'

/** The bell's list sorts newest first only: the (user_id, created_at) index serves it. */
export const NOTIFICATION_SORTABLE = { createdAt: 'created_at' } as const

/** One person's notifications (the unread only when asked), for `paginate` to page in SQL. */
export function notificationsOf(userId: number, filter: { unread?: boolean }) {
  const query = Notification.query().where('user_id', userId)
  if (filter.unread) query.whereNull('read_at')
  return query
}

export async function unreadCount(userId: number): Promise<number> {
  const row = await Notification.query().where('user_id', userId).whereNull('read_at').count('* as total').first()
  return Number(row?.$extras.total ?? 0)
}
