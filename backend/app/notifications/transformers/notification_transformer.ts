import type Notification from '#notifications/models/notification'

export function serializeNotification(notification: Notification) {
  return {
    id: notification.id,
    _id: notification.id,
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    read: notification.readAt !== null,
    readAt: notification.readAt?.toUTC().toISO() ?? null,
    createdAt: notification.createdAt.toUTC().toISO(),
  }
}

export type NotificationResource = ReturnType<typeof serializeNotification>
