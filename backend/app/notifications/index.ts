/** The notifications module's public face: the listeners start/events.ts subscribes. */
export { default as Notification } from '#notifications/models/notification'
export { notify, type Notice } from '#notifications/actions/notify'
export { NOTIFICATION_KINDS, type NotificationKind } from '#notifications/kinds'
export { notifyBookingChange, notifyHoldReminder } from '#notifications/listeners/booking_notices'
export { notifyDocumentChange } from '#notifications/listeners/document_notices'
export { notifyMembershipRequested, notifyMembershipDecided } from '#notifications/listeners/membership_notices'
