/**
 * Booking requests (backend/app/bookings: POST /api/bookings/request). The form's one
 * multipart request, documents included, streams through to the backend as the browser
 * sent it; a copy is read alongside for its text fields, so that nothing the user typed
 * is lost when the request is refused.
 */
import { unstable_parseMultipartFormData } from '@remix-run/node'
import type { UploadHandler } from '@remix-run/node'
import { ApiError, apiForwardBody } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'
import { BOOKING_FILE_FIELDS, BOOKING_TEXT_FIELDS } from '~/components/booking/booking-rules'
import type { BookingFileField, BookingTextField } from '~/components/booking/booking-rules'
import type { BookingAction } from '~/models/user-booking'

export interface BookingCreated {
  message: string
  id: number
  status: string
  lotId: number | null
  lot: { lotNumber: string; unitNumber: string | null; status: string } | null
  allowedActions: BookingAction[]
}

export interface SubmittedBookingForm {
  values: Record<BookingTextField, string>
  /** The names of the files that came with the request. */
  fileNames: Partial<Record<BookingFileField, string>>
  /** The packages ticked (`packageIds`). */
  packageIds: number[]
}

export type BookingOutcome =
  | { ok: true; response: ApiResponse<BookingCreated>; form: SubmittedBookingForm }
  | { ok: false; error: ApiError; form: SubmittedBookingForm }

/** POST /api/bookings/request with the browser's own multipart body. */
export async function requestBooking(request: Request): Promise<BookingOutcome> {
  const copy = request.clone()
  // Both read at once, so the copy buffers no more than the backend is behind.
  const [sent, form] = await Promise.all([
    apiForwardBody<BookingCreated>(request, '/api/bookings/request', { method: 'POST' }).then(
      (response) => ({ ok: true as const, response }),
      (error: unknown) => {
        if (error instanceof ApiError) return { ok: false as const, error }
        throw error
      }
    ),
    readBookingForm(copy),
  ])
  return { ...sent, form }
}

/** The text fields of a booking form post; file contents are read past, only their names kept. */
export async function readBookingForm(request: Request): Promise<SubmittedBookingForm> {
  const values = Object.fromEntries(BOOKING_TEXT_FIELDS.map((field) => [field, ''])) as Record<BookingTextField, string>
  const fileNames: SubmittedBookingForm['fileNames'] = {}
  const packageIds: number[] = []
  const decoder = new TextDecoder()
  const keepText: UploadHandler = async ({ name, filename, data }) => {
    if (filename !== undefined) {
      for await (const chunk of data) void chunk
      const field = BOOKING_FILE_FIELDS.find((known) => known === name)
      if (field && filename) fileNames[field] = filename
      return undefined
    }
    let text = ''
    let length = 0
    for await (const chunk of data) {
      // A text field is never long; anything past 10 kB is not kept.
      length += chunk.byteLength
      if (length <= 10_240) text += decoder.decode(chunk, { stream: true })
    }
    text += decoder.decode()
    const field = BOOKING_TEXT_FIELDS.find((known) => known === name)
    if (field) values[field] = text
    else if (name === 'packageIds[]' && /^\d{1,10}$/.test(text.trim())) packageIds.push(Number(text.trim()))
    return undefined
  }
  try {
    await unstable_parseMultipartFormData(request, keepText)
  } catch (error) {
    // The backend answers for the body; a copy that cannot be read only loses the echo.
    console.error(`Could not read the booking form's fields: ${String(error)}`)
  }
  return { values, fileNames, packageIds }
}
