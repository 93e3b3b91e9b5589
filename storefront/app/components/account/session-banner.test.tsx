import { render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { SessionBanner } from '~/components/account/session-banner'

function renderBanner(expiresInMs: number | null) {
  const now = Date.now()
  const expiresAt = expiresInMs === null ? null : new Date(now + expiresInMs).toISOString()
  const router = createMemoryRouter(
    [{ path: '*', element: <SessionBanner expiresAt={expiresAt} renderedAt={now} /> }],
    { initialEntries: ['/enhanced-dashboard?tab=bookings'] }
  )
  return render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

const MINUTE = 60_000

describe('SessionBanner', () => {
  it('warns with the time left when an hour or less remains, and offers to stay', () => {
    renderBanner(30 * MINUTE + 5_000)
    expect(screen.getByRole('alert').textContent).toBe('Your session is about to expire.')
    expect(screen.getByText(/You will be logged out in 30 minutes\./)).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Yes, Keep Me Logged In' })
    const form = button.closest('form')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.getAttribute('action')).toBe('/resources/session')
    // Without JavaScript the form comes back to this page.
    expect((form?.querySelector('input[name="redirectTo"]') as HTMLInputElement).value).toBe(
      '/enhanced-dashboard?tab=bookings'
    )
  })

  it("counts the last minute as 'less than a minute'", () => {
    renderBanner(45_000)
    expect(screen.getByText(/You will be logged out in less than a minute\./)).toBeTruthy()
  })

  it('stays hidden with more than an hour left, or no expiry known', () => {
    const { container, unmount } = renderBanner(60 * MINUTE + 30_000)
    expect(container.textContent).toBe('')
    unmount()
    expect(renderBanner(null).container.textContent).toBe('')
  })
})
