import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { CancelBookingForm } from '~/components/account/cancel-booking-form'
import { Modal } from '~/components/account/modal'

function renderRow(path = '/enhanced-dashboard?tab=bookings&status=pending') {
  const sent: Array<{ url: string; fields: Record<string, FormDataEntryValue> }> = []
  const action = vi.fn(async ({ request }: { request: Request }) => {
    sent.push({ url: request.url, fields: Object.fromEntries(await request.formData()) })
    return null
  })
  const router = createMemoryRouter(
    [
      {
        path: '/enhanced-dashboard',
        action,
        element: (
          <>
            <button type="button">Before</button>
            <CancelBookingForm bookingId="41" lotName="MKS-07" label="Cancel" />
          </>
        ),
      },
    ],
    { initialEntries: [path] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return { action, sent, router }
}

const cancelButton = () => screen.getByRole('button', { name: /^Cancel\s*\(MKS-07\)$/ })

describe('cancelling a booking', () => {
  it("asks in the product's dialog, never the browser's confirm()", () => {
    const confirm = vi.spyOn(window, 'confirm')
    renderRow()
    fireEvent.click(cancelButton())
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking?' })
    expect(within(dialog).getByText(/Are you sure you want to cancel this booking\? MKS-07 is released/)).toBeTruthy()
    expect(confirm).not.toHaveBeenCalled()
  })

  it('moves focus in, keeps Tab inside, closes on Escape and gives focus back to Cancel', () => {
    renderRow()
    cancelButton().focus()
    fireEvent.click(cancelButton())
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking?' })
    // The safe choice takes the focus.
    const keep = within(dialog).getByRole('link', { name: 'Keep booking' })
    expect(document.activeElement).toBe(keep)

    fireEvent.keyDown(document, { key: 'Tab' })
    expect(document.activeElement).toBe(within(dialog).getByRole('link', { name: 'Close' }))
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(keep)

    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(cancelButton())
  })

  it('gives focus back to Cancel even where clicking did not focus it, after Keep booking', () => {
    renderRow()
    screen.getByRole('button', { name: 'Before' }).focus()
    fireEvent.click(cancelButton())
    fireEvent.click(screen.getByRole('link', { name: 'Keep booking' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(cancelButton())
  })

  it('posts the cancel to the dashboard once confirmed, then closes', async () => {
    const { action, sent } = renderRow()
    fireEvent.click(cancelButton())
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }))
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(sent[0].fields).toEqual({ intent: 'cancel-booking', bookingId: '41' })
    expect(new URL(sent[0].url).search).toBe('?tab=bookings&status=pending')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(cancelButton())
  })

  it('works without JavaScript: Cancel asks the server for the confirmation step, keeping the view', () => {
    renderRow('/enhanced-dashboard?tab=bookings&status=pending&q=MKS')
    const form = cancelButton().closest('form')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBeNull()
    expect(Object.fromEntries(new FormData(form))).toEqual({
      tab: 'bookings',
      status: 'pending',
      q: 'MKS',
      cancel: '41',
    })
  })

  it('inside the Booking Details dialog, Escape closes only the confirmation', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/enhanced-dashboard',
          element: (
            <Modal title="Booking Details" closeTo="?tab=bookings">
              <CancelBookingForm bookingId="41" lotName="MKS-07" label="Cancel Booking" />
            </Modal>
          ),
        },
      ],
      { initialEntries: ['/enhanced-dashboard?tab=bookings&booking=41'] }
    )
    render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
    const cancel = screen.getByRole('button', { name: /^Cancel Booking\s*\(MKS-07\)$/ })
    fireEvent.click(cancel)
    expect(screen.getByRole('dialog', { name: 'Cancel booking?' })).toBeTruthy()

    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog', { name: 'Cancel booking?' })).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Booking Details' })).toBeTruthy()
    expect(router.state.location.search).toBe('?tab=bookings&booking=41')
    expect(document.activeElement).toBe(cancel)
  })
})
