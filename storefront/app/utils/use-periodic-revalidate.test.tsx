import { act, render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter, useLoaderData } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { usePeriodicRevalidate } from '~/utils/use-periodic-revalidate'

function Page() {
  const { loads } = useLoaderData() as { loads: number }
  usePeriodicRevalidate(40)
  return <p>loaded {loads} times</p>
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('usePeriodicRevalidate', () => {
  it('loads the page again at its interval', async () => {
    let loads = 0
    const router = createMemoryRouter([{ path: '/', loader: () => ({ loads: ++loads }), element: <Page /> }])
    render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
    await screen.findByText('loaded 1 times')
    await screen.findByText('loaded 3 times', undefined, { timeout: 1000 })
    router.dispose()
  })

  it('does not interrupt a navigation (a post and its redirect) that is loading the page', async () => {
    let loads = 0
    let release: () => void = () => {}
    const aborted: string[] = []
    const router = createMemoryRouter([
      {
        path: '/',
        loader: ({ request }) => {
          if (!new URL(request.url).searchParams.has('after')) return { loads: ++loads }
          request.signal.addEventListener('abort', () => aborted.push(request.url))
          return new Promise((resolve) => (release = () => resolve({ loads: ++loads })))
        },
        element: <Page />,
      },
    ])
    render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
    await screen.findByText('loaded 1 times')
    act(() => void router.navigate('/?after=post'))
    // Several intervals pass while the navigation's load is under way.
    await pause(200)
    act(() => release())
    await screen.findByText('loaded 2 times')
    expect(aborted).toEqual([])
    router.dispose()
  })
})
