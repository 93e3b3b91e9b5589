import { useFetcher } from '@remix-run/react'
import { Suspense, lazy, useEffect, useRef } from 'react'
import type { BookingPageData, BookingResult } from '~/components/booking/booking-types'
import { Modal } from '~/components/public/modal'

// The form's code loads with the form, not with the page that lists the lots.
const BookingPanel = lazy(() =>
  import('~/components/booking/booking-panel').then((module) => ({ default: module.BookingPanel }))
)

/** Spec 000 section 9: the dialog is cleared away 300 ms after a booking succeeds. */
export const BOOKING_CLEANUP_MS = 300

interface BookingDialogProps {
  /** The lot to book; null keeps the dialog closed. */
  lotId: number | null
  returnTo: string
  onClose: () => void
  onBooked: (result: BookingResult) => void
}

/**
 * The booking form as a modal over the hub or a lot-type page. It loads the booking
 * page's data (the same loader, so the same rules) and posts to the same action.
 */
export function BookingDialog({ lotId, returnTo, onClose, onBooked }: BookingDialogProps) {
  const fetcher = useFetcher<BookingPageData>()
  const closeTimer = useRef<ReturnType<typeof setTimeout>>()
  const { load } = fetcher

  useEffect(() => {
    if (lotId === null) return
    load(`/book/${lotId}?returnTo=${encodeURIComponent(returnTo)}`)
  }, [lotId, returnTo, load])

  useEffect(() => () => clearTimeout(closeTimer.current), [])

  const data = fetcher.data && fetcher.data.lot?.id === lotId ? fetcher.data : null
  return (
    <Modal open={lotId !== null} onClose={onClose} labelledBy="booking-dialog-title">
      {data ? (
        <Suspense fallback={<LoadingForm />}>
          <BookingPanel
            key={data.lot.id}
            data={data}
            headingId="booking-dialog-title"
            headingLevel={2}
            onBooked={(result) => {
              onBooked(result)
              closeTimer.current = setTimeout(onClose, BOOKING_CLEANUP_MS)
            }}
          />
        </Suspense>
      ) : (
        <LoadingForm />
      )}
    </Modal>
  )
}

function LoadingForm() {
  return (
    <>
      <h2 id="booking-dialog-title" className="dialog__title">
        Request a booking
      </h2>
      <p className="dialog__lead" role="status">
        Loading the booking form…
      </p>
    </>
  )
}
