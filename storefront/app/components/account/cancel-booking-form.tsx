import { useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { CancelBookingDialog } from '~/components/account/cancel-booking-dialog'
import { withParams } from '~/components/account/dashboard-links'

/**
 * The Cancel button of a pending booking. With JavaScript it opens the confirmation dialog
 * in place; without, it asks the server for the page with the confirmation step
 * (`?cancel=<id>`, rendered by the dashboard).
 */
export function CancelBookingForm({
  bookingId,
  label,
  lotName,
}: {
  bookingId: string
  label: string
  /** What the buyer calls the lot: its unit ('MKS-05'), or 'Lot 5'. */
  lotName: string
}) {
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [confirming, setConfirming] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'cancel-booking' &&
    navigation.formData.get('bookingId') === bookingId

  // Once the cancel has been answered the dialog closes; a failure is shown by the page.
  const wasBusy = useRef(false)
  useEffect(() => {
    if (wasBusy.current && !busy) setConfirming(false)
    wasBusy.current = busy
  }, [busy])

  // Closed: focus goes back to this button, also where a click does not focus buttons.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (confirming) wasOpen.current = true
    else if (wasOpen.current) {
      wasOpen.current = false
      buttonRef.current?.focus()
    }
  }, [confirming])

  const kept = new URLSearchParams(searchParams)
  kept.delete('cancel')
  return (
    <>
      <form
        method="get"
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault()
          setConfirming(true)
        }}
      >
        {[...kept].map(([name, value], index) => (
          <input key={`${index}-${name}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="cancel" value={bookingId} />
        <button
          ref={buttonRef}
          type="submit"
          className="button button--danger button--small"
          disabled={busy}
          aria-haspopup="dialog"
        >
          {busy ? 'Cancelling…' : label}
          <span className="visually-hidden"> ({lotName})</span>
        </button>
      </form>
      {confirming ? (
        <CancelBookingDialog
          bookingId={bookingId}
          lotName={lotName}
          closeHref={withParams(searchParams, { cancel: null })}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  )
}
