import type { Booking } from '#bookings'
import type { Notification } from '#notifications'
import type { AuditEntry } from '#audit'

// The records of a person's data export (`data.json`) that other modules do not shape themselves.

export function serializeExportedNotification(notification: Notification) {
  return {
    id: notification.id,
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    readAt: notification.readAt?.toISO() ?? null,
    createdAt: notification.createdAt?.toISO() ?? null,
  }
}

export type ExportedNotificationResource = ReturnType<typeof serializeExportedNotification>

/** Select `consent_notice_version` and `consented_at`; only bookings with a consent. */
export function serializeConsent(booking: Booking) {
  return {
    bookingId: booking.id,
    noticeVersion: booking.consentNoticeVersion,
    consentedAt: booking.consentedAt!.toUTC().toISO(),
  }
}

export type ConsentResource = ReturnType<typeof serializeConsent>

/** Staff names stay: they are the record of who changed the person's account. */
export function serializeExportedAuditEntry(entry: AuditEntry) {
  return {
    at: entry.createdAt.toUTC().toISO(),
    action: entry.action,
    actor: { name: entry.actorName, role: entry.actorRole },
    subject: { type: entry.subjectType, id: entry.subjectId },
    before: entry.before,
    after: entry.after,
  }
}

export type ExportedAuditEntryResource = ReturnType<typeof serializeExportedAuditEntry>
