import type { ApiClient } from '@japa/api-client'
import Booking from '#bookings/models/booking'
import type BookingDocument from '#documents/models/booking_document'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'

/** A pending booking of agency A's member, made directly (the request form is tested elsewhere). */
export async function bookingOfMemberA(status: 'pending_agent' | 'pending_admin' = 'pending_agent') {
  const world = await bookingWorld()
  const lot = await createLot(await createDevelopment(), { status: 'reserved' })
  const booking = await Booking.create({
    lotId: lot.id,
    activeLotId: lot.id,
    userId: world.memberA.id,
    createdById: world.memberA.id,
    createdBy: 'user',
    agencyId: world.agencyA.id,
    status,
    creatorName: world.memberA.name,
    creatorEmail: world.memberA.email,
  })
  return { world, lot, booking, bookingId: booking.id }
}

/** POST /api/uploads/document as the booking page sends it. */
export function uploadDocument(
  client: ApiClient,
  token: string,
  bookingId: number,
  file: Buffer,
  name: string,
  type = 'other'
) {
  return client
    .post('/api/uploads/document')
    .bearerToken(token)
    .field('bookingId', String(bookingId))
    .field('documentType', type)
    .file('document', file, { filename: name })
}

/** GET of one document, inline or (`download`) as an attachment. */
export function fetchDocument(client: ApiClient, token: string, document: BookingDocument, download = true) {
  return client
    .get(`/api/uploads/documents/${document.bookingId}/${document.id}${download ? '?download=1' : ''}`)
    .bearerToken(token)
}

export async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
