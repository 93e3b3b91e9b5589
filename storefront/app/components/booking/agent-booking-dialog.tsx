import { useFetcher } from '@remix-run/react'
import { Suspense, lazy, useEffect, useRef } from 'react'
import type { AgentBookingPageData, AgentBookingResult } from '~/components/booking/agent-booking-form'
import { agentBookingAction } from '~/components/booking/agent-booking-form'
import { BOOKING_CLEANUP_MS } from '~/components/booking/booking-dialog'
import { Modal } from '~/components/public/modal'

const AgentBookingPanel = lazy(() =>
  import('~/components/booking/agent-booking-form').then((module) => ({ default: module.AgentBookingPanel }))
)

interface AgentBookingDialogProps {
  lotId: number | null
  returnTo: string
  onClose: () => void
  onBooked: (result: AgentBookingResult) => void
}

/** The agent booking form as a modal over the lot-type page; it loads and posts to /book-agent/:lotId. */
export function AgentBookingDialog({ lotId, returnTo, onClose, onBooked }: AgentBookingDialogProps) {
  const fetcher = useFetcher<AgentBookingPageData>()
  const closeTimer = useRef<ReturnType<typeof setTimeout>>()
  const { load } = fetcher

  useEffect(() => {
    if (lotId === null) return
    load(agentBookingAction(lotId, returnTo))
  }, [lotId, returnTo, load])

  useEffect(() => () => clearTimeout(closeTimer.current), [])

  const data = fetcher.data && fetcher.data.lot?.id === lotId ? fetcher.data : null
  return (
    <Modal open={lotId !== null} onClose={onClose} labelledBy="agent-booking-dialog-title">
      {data ? (
        <Suspense fallback={<Loading />}>
          <AgentBookingPanel
            key={data.lot.id}
            data={data}
            headingId="agent-booking-dialog-title"
            headingLevel={2}
            onBooked={(result) => {
              onBooked(result)
              closeTimer.current = setTimeout(onClose, BOOKING_CLEANUP_MS)
            }}
          />
        </Suspense>
      ) : (
        <Loading />
      )}
    </Modal>
  )
}

function Loading() {
  return (
    <>
      <h2 id="agent-booking-dialog-title" className="dialog__title">
        Agent booking
      </h2>
      <p className="dialog__lead" role="status">
        Loading the booking form…
      </p>
    </>
  )
}
