import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { HttpError, useBasename, usePermissions, type Identifier } from 'react-admin'
import { useNavigate } from 'react-router-dom'
import { messageOf, useFlash } from '../../../../messages'
import { API_URL, type ActionResult, type FieldError } from '../../../../providers/restProvider'
import { postWithProgress } from '../../../../providers/upload'
import type { Role } from '../../../../roles'
import { clientBookingForm } from '../../dataProvider'
import { afterBookingPath, type BookingFormErrors, type BookingFormField, type BookingFormValues } from '../bookingForm'

export const BOOKING_CREATED = 'Booking successfully created and sent to admin for review'

/** The backend's field names for the form's: `lotId` and `unitId` both name the item. */
const SERVER_FIELDS: Record<string, BookingFormField> = {
  userId: 'userId',
  lotId: 'itemId',
  unitId: 'itemId',
  icFront: 'icFront',
  icBack: 'icBack',
  cheque: 'cheque',
  consent: 'consent',
}

/**
 * The one multipart POST /api/bookings, sent with upload progress (the IC photos take a while
 * on a phone). Done, it goes on to the booking lists; refused, the backend's field errors go
 * to `onFieldErrors`.
 */
export function useCreateBooking({
  noticeVersion,
  onFieldErrors,
}: {
  noticeVersion: number | undefined
  onFieldErrors: (errors: BookingFormErrors) => void
}) {
  const flash = useFlash()
  const basename = useBasename()
  const navigate = useNavigate()
  const { permissions } = usePermissions<Role>()
  const [uploaded, setUploaded] = useState(0)

  const creation = useMutation({
    mutationFn: (form: BookingFormValues) => {
      setUploaded(0)
      return postWithProgress<ActionResult<{ id: Identifier; status: string }>>(
        `${API_URL}/bookings`,
        clientBookingForm({
          userId: form.userId,
          kind: form.kind,
          itemId: form.itemId,
          notes: form.notes,
          icFront: form.icFront,
          icBack: form.icBack,
          cheque: form.cheque,
          consent: form.consent,
          noticeVersion,
        }),
        setUploaded
      )
    },
    onSuccess: (result) => {
      flash.success(result.message || BOOKING_CREATED)
      navigate(`${basename}${afterBookingPath(permissions)}`)
    },
    onError: (error) => {
      const body = error instanceof HttpError ? (error.body as { errors?: FieldError[] } | undefined) : undefined
      if (Array.isArray(body?.errors)) {
        const fieldErrors: BookingFormErrors = {}
        for (const { field, message } of body.errors) {
          const formField = SERVER_FIELDS[field]
          if (formField) fieldErrors[formField] ??= message
        }
        onFieldErrors(fieldErrors)
      }
      flash.error(messageOf(error, 'Failed to create booking'))
    },
  })
  return { creation, uploaded }
}
