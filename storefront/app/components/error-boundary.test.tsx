import { render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { RequestIdProvider } from '~/utils/request-id'

const REFERENCE = '0123456789abcdef0123456789abcdef'
const PAGE_REQUEST_ID = '5b0c7a52-1f0e-4c1e-9d55-2f3b8e6a9c01'

/**
 * A page whose loader threw `thrown`, rendered through the one error boundary; `requestId` is the
 * page request's, as entry.server.tsx hands it on (undefined: rendered in the browser).
 */
async function errorPage(thrown: unknown, requestId?: string) {
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
  const page = <RouterProvider router={router} />
  render(requestId === undefined ? page : <RequestIdProvider value={requestId}>{page}</RequestIdProvider>)
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

  it("quotes the page request's id for a crash (an exception, not a response)", async () => {
    const heading = await errorPage(new Error('Cannot read properties of undefined'), PAGE_REQUEST_ID)
    expect(heading.textContent).toBe('Something went wrong')
    expect(screen.getByText(`If you contact us, quote this reference: ${PAGE_REQUEST_ID}`)).toBeTruthy()
  })

  it("quotes the page request's id for a server fault whose answer named none", async () => {
    await errorPage(thrownData({ message: 'Failed to load property' }, 503), PAGE_REQUEST_ID)
    expect(screen.getByText(`If you contact us, quote this reference: ${PAGE_REQUEST_ID}`)).toBeTruthy()
  })

  it("prefers the backend's reference to the page's id", async () => {
    await errorPage(thrownData({ message: 'Down', reference: REFERENCE }, 503), PAGE_REQUEST_ID)
    expect(screen.getByText(`If you contact us, quote this reference: ${REFERENCE}`)).toBeTruthy()
  })

  it('shows none for a refusal, even with a page id', async () => {
    await errorPage(thrownData({ message: 'Not found' }, 404), PAGE_REQUEST_ID)
    expect(screen.queryByText(/quote this reference/)).toBeNull()
  })

  it('in the browser, keeps the id the server printed on the crash page it drew (hydration)', async () => {
    const printed = document.createElement('p')
    printed.setAttribute('data-request-id', PAGE_REQUEST_ID)
    document.body.append(printed)
    try {
      await errorPage(new Error('boom'))
      expect(screen.getByText(`If you contact us, quote this reference: ${PAGE_REQUEST_ID}`)).toBeTruthy()
    } finally {
      printed.remove()
    }
  })

  it('in the browser, shows none for a crash no server drew', async () => {
    await errorPage(new Error('boom'))
    expect(screen.queryByText(/quote this reference/)).toBeNull()
  })
})
