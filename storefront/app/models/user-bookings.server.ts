/** The signed-in user's own bookings (backend/app/bookings). */
import type { BookingDocument, UserBooking } from '~/models/user-booking'
import { ApiError, apiForwardBody, apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'

/** GET /api/bookings/user: bookings the user asked for or that were made for them, newest first. */
export function listOwnBookings(request: Request): Promise<ApiResponse<UserBooking[]>> {
  return apiRequest<UserBooking[]>(request, '/api/bookings/user')
}

/** GET /api/bookings/user/lots: the lots the user's own live bookings stand on. */
export function listOwnLotIds(request: Request): Promise<ApiResponse<{ data: number[] }>> {
  return apiRequest<{ data: number[] }>(request, '/api/bookings/user/lots')
}

/** GET /api/bookings/:id with its documents and status history. */
export function getBooking(request: Request, bookingId: string): Promise<ApiResponse<UserBooking>> {
  return apiRequest<UserBooking>(request, `/api/bookings/${bookingPathId(bookingId)}`)
}

/** DELETE /api/bookings/:id: the requester cancels a pending booking; its lot is available again. */
export function cancelBooking(
  request: Request,
  bookingId: string
): Promise<ApiResponse<UserBooking & { message: string }>> {
  return apiRequest<UserBooking & { message: string }>(request, `/api/bookings/${bookingPathId(bookingId)}`, {
    method: 'DELETE',
  })
}

/**
 * POST /api/bookings/:id/documents/:documentId/replace: the requester uploads a rejected
 * document again. The browser's multipart body (its `document` file) goes through as sent.
 */
export function replaceDocument(
  request: Request,
  bookingId: string,
  documentId: string
): Promise<ApiResponse<BookingDocument>> {
  return apiForwardBody<BookingDocument>(
    request,
    `/api/bookings/${bookingPathId(bookingId)}/documents/${documentPathId(documentId)}/replace`,
    { method: 'POST' }
  )
}

function documentPathId(documentId: string): string {
  if (!/^\d{1,18}$/.test(documentId)) {
    throw new ApiError({
      kind: 'http',
      status: 404,
      message: 'Document not found.',
      serverMessage: 'Document not found.',
    })
  }
  return documentId
}

/** Booking ids are numbers; anything else never reaches the backend's path. */
function bookingPathId(bookingId: string): string {
  if (!/^\d{1,18}$/.test(bookingId)) {
    throw new ApiError({
      kind: 'http',
      status: 404,
      message: 'Booking not found. It may have already been cancelled or processed.',
      serverMessage: 'Booking not found. It may have already been cancelled or processed.',
    })
  }
  return bookingId
}
