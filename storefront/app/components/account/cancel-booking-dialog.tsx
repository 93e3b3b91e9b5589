import { Form, Link, useNavigation } from '@remix-run/react'
import { Modal } from '~/components/public/modal'

export const CANCEL_CONFIRM_TEXT = 'Are you sure you want to cancel this booking?'

interface CancelBookingDialogProps {
  bookingId: string
  /** What the buyer calls the lot: its unit ('MKS-05'), or 'Lot 5'. */
  lotName: string
  /** The page without the confirmation step: where closing goes, and where the cancel posts. */
  closeHref: string
  onClose: () => void
}

/**
 * The confirmation step of cancelling a booking, in the product's own dialog: focus moves
 * in (to Keep booking, the safe choice), Tab stays inside, Escape closes. It posts the
 * dashboard's cancel action, so it works the same when the server rendered it.
 */
export function CancelBookingDialog({ bookingId, lotName, closeHref, onClose }: CancelBookingDialogProps) {
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'cancel-booking' &&
    navigation.formData.get('bookingId') === bookingId
  const titleId = `cancel-booking-${bookingId}-title`

  return (
    <Modal open onClose={onClose} labelledBy={titleId} size="narrow" closeHref={closeHref}>
      <h2 id={titleId} className="dialog__title">
        Cancel booking?
      </h2>
      <p className="dialog__lead">
        {CANCEL_CONFIRM_TEXT} {lotName} is released for others to book, and the request cannot be reopened.
      </p>
      <Form method="post" action={closeHref} preventScrollReset className="form__actions">
        <input type="hidden" name="intent" value="cancel-booking" />
        <input type="hidden" name="bookingId" value={bookingId} />
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? 'Cancelling…' : 'Yes, cancel booking'}
        </button>
        <Link
          to={closeHref}
          className="button button--ghost"
          preventScrollReset
          replace
          data-autofocus=""
          onClick={(event) => {
            event.preventDefault()
            onClose()
          }}
        >
          Keep booking
        </Link>
      </Form>
    </Modal>
  )
}
