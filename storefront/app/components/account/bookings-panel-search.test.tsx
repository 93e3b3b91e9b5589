import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { BookingsPanel } from '~/components/account/bookings-panel'
import type { BookingRow } from '~/utils/user-bookings'

const row: BookingRow = {
  id: '41',
  shortId: '41',
  lotNumber: '41',
  unitNumber: 'MKS-41',
  lotType: 'INTERMEDIATE (B)',
  phase: '4',
  size: '186 sqm',
  creatorName: 'Daniel Tan',
  phone: 'N/A',
  status: 'pending_agent',
  statusLabel: 'Pending',
  createdAt: '2026-11-22T17:26:00Z',
  canCancel: false,
  heldUntil: null,
  documentAlert: null,
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function renderPanel(action?: (args: { request: Request }) => Promise<unknown>) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        action,
        element: (
          <BookingsPanel rows={[row]} counts={{ all: 1, pending: 1, approved: 0, cancelled: 0 }} loadError={null} />
        ),
      },
    ],
    { initialEntries: ['/dashboard?tab=bookings'] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  const locations: string[] = []
  router.subscribe((state) => locations.push(state.location.search))
  return { router, locations }
}

describe('My Bookings: the search and the address', () => {
  it('opening a booking right after typing keeps the search, and no late address update follows', async () => {
    const { router, locations } = renderPanel()
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search bookings' }), { target: { value: 'MKS-41' } })
    const table = screen.getByRole('table', { name: 'My bookings' })
    await act(async () => {
      fireEvent.click(within(table).getByRole('link', { name: /View/ }))
    })
    expect(new URLSearchParams(router.state.location.search).get('booking')).toBe('41')
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('MKS-41')
    const settled = locations.length
    await act(() => pause(600))
    expect(locations.slice(settled)).toEqual([])
    expect(new URLSearchParams(router.state.location.search).get('booking')).toBe('41')
  })

  it('a form post under way is never interrupted by the address update of the search', async () => {
    let release: () => void = () => {}
    let aborted = false
    let answered = false
    const { router } = renderPanel(async ({ request }) => {
      request.signal.addEventListener('abort', () => (aborted = true))
      await new Promise<void>((resolve) => (release = resolve))
      answered = true
      return null
    })
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search bookings' }), { target: { value: 'MKS-41' } })
    const form = new FormData()
    form.set('intent', 'cancel-booking')
    await act(async () => {
      void router.navigate('/dashboard?tab=bookings', { formMethod: 'post', formData: form })
    })
    // The search's address update falls due while the post is under way.
    await act(() => pause(600))
    await act(async () => release())
    await act(() => pause(50))
    expect(aborted).toBe(false)
    expect(answered).toBe(true)
    expect(router.state.navigation.state).toBe('idle')
  })
})
