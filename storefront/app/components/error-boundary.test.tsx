import { render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { GeneralErrorBoundary } from '~/components/error-boundary'

const REFERENCE = '0123456789abcdef0123456789abcdef'

/** A page whose loader threw `thrown`, rendered through the one error boundary. */
async function errorPage(thrown: unknown) {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw thrown
      },
      element: <p>page</p>,
      errorElement: <GeneralErrorBoundary />,
    },
  ])
  render(<RouterProvider router={router} />)
  return screen.findByRole('heading', { level: 1 })
}

const thrownData = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('the error page', () => {
  it("quotes a server fault's reference, for support to find its log lines", async () => {
    await errorPage(thrownData({ message: 'Failed to load property', reference: REFERENCE }, 503))
    expect(screen.getByText(`If you contact us, quote this reference: ${REFERENCE}`)).toBeTruthy()
  })

  it('shows none for a refusal', async () => {
    await errorPage(thrownData({ message: 'Not found', reference: REFERENCE }, 404))
    expect(screen.queryByText(/quote this reference/)).toBeNull()
  })

  it('shows none when the reference is not an id', async () => {
    await errorPage(thrownData({ message: 'Down', reference: '<b>x</b> y' }, 503))
    expect(screen.queryByText(/quote this reference/)).toBeNull()
  })
})
