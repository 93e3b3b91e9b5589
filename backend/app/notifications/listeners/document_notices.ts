import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Booking } from '#bookings'
import { asSentence } from '#core/sentences'
import { DOCUMENT_LABELS, type BookingDocumentChanged } from '#documents'
import { User } from '#identity'
import { recordNotices, sendNotices, type Notice } from '#notifications/actions/notify'
import { agentAdminsOf, superAdmins } from '#notifications/queries/recipients'
import { bookingLink, statusLabel } from '#notifications/listeners/booking_notices'

/**
 * Never the person who made the change (docs/notifications.md#who-is-told): a rejection tells the requester,
 * an upload again tells the reviewers of the booking's tier, an acceptance tells nobody (the screens show
 * it).
 */
export async function documentNotices(
  event: BookingDocumentChanged,
  client?: TransactionClientContract
): Promise<Notice[]> {
  if (event.change === 'review' && event.reviewStatus !== 'rejected') return []
  const booking = await Booking.query({ client })
    .where('id', event.bookingId)
    .preload('lot', (lot) => lot.preload('development'))
    .first()
  if (!booking) return []
  const actor = await User.find(event.actorId, { client })
  const lot = booking.lot
  const lotLabel = lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `Lot ${lot.lotNumber}`
  const development = lot.development?.name ?? 'the development'
  const document = DOCUMENT_LABELS[event.documentType]
  const actorName = actor ? actor.name : 'the system'
  const summary: Array<[string, string]> = [
    ['Booking', `#${String(booking.id).slice(-6)}`],
    ['Lot', lotLabel],
    ['Development', development],
    ['Document', document.charAt(0).toUpperCase() + document.slice(1)],
    ['Status', statusLabel(event.status)],
  ]
  const notMe = (person: { id: number }) => person.id !== event.actorId

  if (event.change === 'review') {
    const ids = [...new Set([booking.userId, booking.createdById].filter((id): id is number => id !== null))]
    const requesters = ids.length ? await User.query({ client }).whereIn('id', ids).select('id', 'role') : []
    return requesters.filter(notMe).map((person) => ({
      userId: person.id,
      kind: 'booking_status' as const,
      title: `Document rejected: ${document} for ${lotLabel}`,
      body: `${lotLabel} at ${development}: your ${document} was rejected by ${actorName}. Reason: ${asSentence(event.reason ?? 'none given')} Please upload it again from the booking's details.`,
      link: bookingLink(person.role, booking.id),
      summary: [...summary, ['Reviewed by', actorName], ['Reason', event.reason ?? '']],
      action: 'Open the booking',
    }))
  }

  const reviewers =
    event.status === 'pending_agent'
      ? { people: await agentAdminsOf(booking.agencyId, client), kind: 'booking_request' as const }
      : event.status === 'pending_admin'
        ? { people: await superAdmins(client), kind: 'booking_forwarded' as const }
        : { people: [], kind: 'booking_forwarded' as const }
  return reviewers.people.filter(notMe).map((person) => ({
    userId: person.id,
    kind: reviewers.kind,
    title: `Document uploaded again: ${document} for ${lotLabel}`,
    body: `${lotLabel} at ${development}: the ${document} was uploaded again by ${actorName}. It is waiting for your review.`,
    link: bookingLink(person.role, booking.id),
    summary: [...summary, ['Uploaded by', actorName]],
    action: 'Review the document',
  }))
}

/** The outbox's delivery: the rows in its transaction, the emails and pushes after it. */
export async function notifyDocumentChange(event: BookingDocumentChanged, trx: TransactionClientContract) {
  const recorded = await recordNotices(trx, await documentNotices(event, trx))
  return () => sendNotices(recorded)
}
