import { render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import BumiputeraQuotaPanel from './BumiputeraQuotaPanel'

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://backoffice.test').pathname
      if (path === '/api/properties') return json([{ id: 2, name: 'Taman Ria' }])
      return json({
        developmentId: 2,
        name: 'Taman Ria',
        required: { percent: 30, lots: 12 },
        totalLots: 40,
        quotaLots: 9,
        shortOfRequired: 3,
        booked: 2,
        sold: 1,
        available: 5,
        released: 1,
      })
    })
  )
})

describe('the Bumiputera quota-fill panel', () => {
  it("shows each development's figures", async () => {
    render(<BumiputeraQuotaPanel />)
    const row = (await screen.findByText('Taman Ria')).closest('tr') as HTMLElement
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells).toEqual(['Taman Ria', '30', '12', '9', '3', '2', '1', '5', '1'])
  })
})
