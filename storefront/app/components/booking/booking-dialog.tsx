import { useFetcher } from '@remix-run/react'
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import type { ComponentType } from 'react'
import type { AgentBookingPageData, AgentBookingResult } from '~/components/booking/agent-booking-form'
import { agentBookingAction } from '~/components/booking/agent-booking-form'
import type { BookingPageData, BookingResult } from '~/components/booking/booking-types'
import { Modal } from '~/components/public/modal'

// The forms' code loads with the form, not with the page that lists the lots.
const BookingPanel = lazy(() =>
  import('~/components/booking/booking-panel').then((module) => ({ default: module.BookingPanel }))
)
const AgentBookingPanel = lazy(() =>
  import('~/components/booking/agent-booking-form').then((module) => ({ default: module.AgentBookingPanel }))
)

/** The dialog is cleared away 300 ms after a booking succeeds (requirements: display.md#message-timings). */
const BOOKING_CLEANUP_MS = 300

interface BookingDialogProps<Result> {
  /** The lot to book; null keeps the dialog closed. */
  lotId: number | null
  returnTo: string
  onClose: () => void
  onBooked: (result: Result) => void
}

/**
 * The booking form as a modal over the hub or a lot-type page. It loads the booking
 * page's data (the same loader, so the same rules) and posts to the same action.
 */
export function BookingDialog({ lotId, returnTo, onClose, onBooked }: BookingDialogProps<BookingResult>) {
  return (
    <LotFormDialog<BookingPageData, BookingResult>
      lotId={lotId}
      href={lotId === null ? null : `/book/${lotId}?returnTo=${encodeURIComponent(returnTo)}`}
      title="Request a booking"
      headingId="booking-dialog-title"
      Panel={BookingPanel}
      onClose={onClose}
      onBooked={onBooked}
    />
  )
}

/** The agent booking form as a modal over the lot-type page; it loads and posts to /book-agent/:lotId. */
export function AgentBookingDialog({ lotId, returnTo, onClose, onBooked }: BookingDialogProps<AgentBookingResult>) {
  return (
    <LotFormDialog<AgentBookingPageData, AgentBookingResult>
      lotId={lotId}
      href={lotId === null ? null : agentBookingAction(lotId, returnTo)}
      title="Agent booking"
      headingId="agent-booking-dialog-title"
      Panel={AgentBookingPanel}
      onClose={onClose}
      onBooked={onBooked}
    />
  )
}

interface LotFormDialogProps<Data, Result> extends Omit<BookingDialogProps<Result>, 'returnTo'> {
  /** The page whose loader gives the form's data; null while closed. */
  href: string | null
  /** The heading while the form loads. */
  title: string
  headingId: string
  Panel: ComponentType<{ data: Data; headingId: string; headingLevel: 2; onBooked: (result: Result) => void }>
}

/** A lot's form in a modal: loaded on opening, closed shortly after the booking succeeds. */
function LotFormDialog<Data extends { lot: { id: number } }, Result>({
  lotId,
  href,
  title,
  headingId,
  Panel,
  onClose,
  onBooked,
}: LotFormDialogProps<Data, Result>) {
  const fetcher = useFetcher<Data>()
  const closeTimer = useRef<ReturnType<typeof setTimeout>>()
  const { load } = fetcher

  useEffect(() => {
    if (href !== null) load(href)
  }, [href, load])

  useEffect(() => () => clearTimeout(closeTimer.current), [])

  // The loader's answer is plain JSON of the page's data.
  const loaded = fetcher.data as Data | undefined
  // Once booked, the form stays as it was until the dialog closes: the booking reloads the page's
  // data (the lot is taken now), and a reloaded "no longer available" is not the answer to show.
  const [booked, setBooked] = useState<Data | null>(null)
  if (booked && booked.lot.id !== lotId) setBooked(null)
  const data = booked ?? (loaded && loaded.lot?.id === lotId ? loaded : null)
  const loading = (
    <>
      <h2 id={headingId} className="dialog__title">
        {title}
      </h2>
      <p className="dialog__lead" role="status">
        Loading the booking form…
      </p>
    </>
  )
  return (
    <Modal open={lotId !== null} onClose={onClose} labelledBy={headingId}>
      {data ? (
        <Suspense fallback={loading}>
          <Panel
            key={data.lot.id}
            data={data}
            headingId={headingId}
            headingLevel={2}
            onBooked={(result) => {
              setBooked(data)
              onBooked(result)
              closeTimer.current = setTimeout(onClose, BOOKING_CLEANUP_MS)
            }}
          />
        </Suspense>
      ) : (
        loading
      )}
    </Modal>
  )
}
