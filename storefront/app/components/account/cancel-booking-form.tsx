import { Form, useNavigation } from '@remix-run/react'

const CONFIRM_TEXT = 'Are you sure you want to cancel this booking?'

/** Cancels a pending booking (the dashboard's action), after the user confirms. */
export function CancelBookingForm({ bookingId, label, lotNumber }: { bookingId: string; label: string; lotNumber: string }) {
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'cancel-booking' &&
    navigation.formData.get('bookingId') === bookingId
  return (
    <Form
      method="post"
      preventScrollReset
      className="inline-form"
      onSubmit={(event) => {
        if (!window.confirm(CONFIRM_TEXT)) event.preventDefault()
      }}
    >
      <input type="hidden" name="intent" value="cancel-booking" />
      <input type="hidden" name="bookingId" value={bookingId} />
      <button type="submit" className="button button--danger button--small" disabled={busy}>
        {busy ? 'Cancelling…' : label}
        <span className="visually-hidden"> (lot {lotNumber})</span>
      </button>
    </Form>
  )
}
