import { act, render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { Modal } from '~/components/account/modal'

describe('the account modal', () => {
  it('moves focus in once: a new close address does not pull focus back from a dialog inside it', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/enhanced-dashboard',
          element: <DashboardWithDetails />,
        },
      ],
      { initialEntries: ['/enhanced-dashboard?booking=41'] }
    )
    render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
    const panel = screen.getByRole('dialog', { name: 'Booking Details' })
    expect(document.activeElement).toBe(panel)

    // Something inside takes focus (the cancel confirmation does), then the page's
    // address changes, which gives the modal a new close address.
    const inner = screen.getByRole('button', { name: 'Keep booking' })
    inner.focus()
    await act(() => router.navigate('/enhanced-dashboard?booking=41&tab=bookings'))
    expect(document.activeElement).toBe(inner)
  })
})

function DashboardWithDetails() {
  const { search } = useLocation()
  const closeTo = `/enhanced-dashboard${search}&closed=1`
  return (
    <Modal title="Booking Details" closeTo={closeTo}>
      <button type="button">Keep booking</button>
    </Modal>
  )
}
