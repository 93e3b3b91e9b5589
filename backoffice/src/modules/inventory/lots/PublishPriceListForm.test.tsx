import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, Notification, defaultI18nProvider, memoryStore, type AuthProvider } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import type { Role } from '../../../roles'
import { PriceListsButton } from './PriceListsDialog'
import { pricesFromCsv, rmFromSen, senFromRM } from './PublishPriceListForm'

const fetchMock = vi.fn<typeof fetch>()
const NOW = new Date('2026-11-28T03:00:00.000Z')

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  // Only the clock: the screen's own timers keep running.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})

afterEach(() => {
  vi.useRealTimers()
})

const hub = { id: 3, slug: 'aeroindustrial', name: 'Aero Industrial Hub', location: null, phase: 4 }
const lots = [
  { id: 31, lotNumber: 'L-1', unitNumber: 'MKS-1', priceSen: 46_800_000 },
  // No price yet: left blank, it is not sent, so the entries' indexes skip it.
  { id: 32, lotNumber: 'L-2', unitNumber: 'MKS-2', priceSen: null },
  { id: 33, lotNumber: 'L-3', unitNumber: 'MKS-3', priceSen: 50_000_050 },
]
const published = {
  id: 13,
  developmentId: 3,
  label: 'Phase 2 prices',
  effectiveAt: NOW.toISOString(),
  inForce: true,
  publishedById: 1,
  entryCount: 2,
  createdAt: NOW.toISOString(),
}

const json = (body: unknown, init?: ResponseInit) => new Response(JSON.stringify(body), init)

/** The backend: the development, its lots, its versions (the published one once posted), and the POST's answer. */
function serve(post: () => Response) {
  let versions: unknown[] = []
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url)
    if (init?.method === 'POST') {
      const response = post()
      if (response.ok) versions = [published]
      return response
    }
    if (path.startsWith('/api/properties')) return json([hub])
    if (path.startsWith('/api/lots')) return json(lots, { headers: { 'Content-Range': 'lots 0-2/3' } })
    if (path.startsWith('/api/developments/3/price-lists')) return json(versions)
    return json([])
  })
}

const authAs = (role: Role): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
})

async function openPriceLists(role: Role) {
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider()}
        authProvider={authAs(role)}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <PriceListsButton />
        <Notification />
      </AdminContext>
    </MemoryRouter>
  )
  fireEvent.click(screen.getByRole('button', { name: 'Price lists' }))
  const dialog = await screen.findByRole('dialog', { name: 'Price lists' })
  return within(dialog).findByRole('region', { name: 'Price lists of Aero Industrial Hub' })
}

async function openForm() {
  const region = await openPriceLists('super_admin')
  fireEvent.click(await within(region).findByRole('button', { name: 'Publish new version' }))
  return within(region).findByRole('form', { name: 'New price list version of Aero Industrial Hub' })
}

const posted = () => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
  expect(call).toBeTruthy()
  return { url: String(call![0]), body: JSON.parse(String(call![1]!.body)) as unknown }
}

describe('RM typed as sen', () => {
  it('reads the text, not a float, to the sen', () => {
    expect(senFromRM('468000.5')).toBe(46_800_050)
    expect(senFromRM('4.35')).toBe(435)
    expect(senFromRM('1.15')).toBe(115)
    expect(senFromRM('0.07')).toBe(7)
    expect(senFromRM(' RM 1,234,567.89 ')).toBe(123_456_789)
    expect(senFromRM('100')).toBe(10_000)
    for (const bad of ['', '1.234', '-1', '1e5', 'abc', '.5', '12.']) expect(senFromRM(bad)).toBeNull()
    expect(rmFromSen(46_800_050)).toBe('468000.50')
    expect(rmFromSen(7)).toBe('0.07')
  })
})

describe('Prices from a CSV file', () => {
  it('fills the lots it names, after a header, and reports the lines it cannot use', () => {
    const csv = [
      '\uFEFFlotNumber,price',
      'L-1,"472,500.35"',
      'l-3, 500000',
      '',
      'L-9,100',
      'L-2,12.345',
      'L-1,1',
      'L-2,1,extra',
    ].join('\r\n')
    expect(pricesFromCsv(csv, lots)).toEqual({
      prices: { 31: '472500.35', 33: '500000.00' },
      problems: [
        'Line 5: no lot L-9 in this development',
        'Line 6: 12.345 is not a price in RM with at most two decimals',
        'Line 7: lot L-1 is listed more than once',
        'Line 8: expected lotNumber,price',
      ],
    })
    // Without a header the first line is a price like the others.
    expect(pricesFromCsv('L-2,99.9\n', lots)).toEqual({ prices: { 32: '99.90' }, problems: [] })
  })
})

describe('Publishing a price list version', () => {
  it('posts the label, now and each priced lot in sen; the new version is listed and announced', async () => {
    serve(() => json({ message: 'Price list published.', ...published }, { status: 201 }))
    const form = await openForm()

    // Prefilled with the prices in force, RM to the sen; a lot without a price is blank.
    expect((within(form).getByLabelText('New price of lot L-1') as HTMLInputElement).value).toBe('468000.00')
    expect((within(form).getByLabelText('New price of lot L-2') as HTMLInputElement).value).toBe('')
    expect((within(form).getByLabelText('New price of lot L-3') as HTMLInputElement).value).toBe('500000.50')
    expect(within(form).getByText('RM 468,000')).toBeTruthy()
    expect(within(form).getByText('RM 500,000.50')).toBeTruthy()

    fireEvent.change(within(form).getByLabelText('Label'), { target: { value: ' Phase 2 prices ' } })
    fireEvent.change(within(form).getByLabelText('New price of lot L-1'), { target: { value: '472,500.35' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }))

    expect(await screen.findByText(/^Price list published\. Aero Industrial Hub: Phase 2 prices, from /)).toBeTruthy()
    const { url, body } = posted()
    expect(url).toBe('/api/developments/3/price-lists')
    expect(body).toEqual({
      label: 'Phase 2 prices',
      effectiveAt: NOW.toISOString(),
      entries: [
        { lotId: 31, priceSen: 47_250_035 },
        { lotId: 33, priceSen: 50_000_050 },
      ],
    })
    const region = screen.getByRole('region', { name: 'Price lists of Aero Industrial Hub' })
    expect(await within(region).findByText(/^Phase 2 prices: from .*, 2 lots$/)).toBeTruthy()
    expect(within(region).queryByRole('form')).toBeNull()
  })

  it("shows the backend's 422 messages beside their fields and keeps what was typed", async () => {
    serve(() =>
      json(
        {
          message: 'The price is too large',
          errors: [
            { field: 'entries.1.priceSen', message: 'The price is too large' },
            { field: 'effectiveAt', message: 'The effective time cannot be in the past' },
          ],
        },
        { status: 422 }
      )
    )
    const form = await openForm()
    fireEvent.change(within(form).getByLabelText('Label'), { target: { value: 'Launch' } })
    fireEvent.change(within(form).getByLabelText('Effective from'), { target: { value: '2030-01-01T10:00' } })
    fireEvent.change(within(form).getByLabelText('New price of lot L-3'), { target: { value: '99999999.99' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }))

    // entries.1 is the second lot sent: L-3, as L-2 was blank.
    const price = within(form).getByLabelText('New price of lot L-3') as HTMLInputElement
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'))
    expect(within(form).getByText('The price is too large')).toBeTruthy()
    expect(within(form).getByLabelText('New price of lot L-1').getAttribute('aria-invalid')).toBe('false')
    expect(within(form).getByText('The effective time cannot be in the past')).toBeTruthy()

    expect(price.value).toBe('99999999.99')
    expect((within(form).getByLabelText('Label') as HTMLInputElement).value).toBe('Launch')
    expect((within(form).getByLabelText('Effective from') as HTMLInputElement).value).toBe('2030-01-01T10:00')
    expect(posted().body).toMatchObject({
      effectiveAt: new Date('2030-01-01T10:00').toISOString(),
      entries: [
        { lotId: 31, priceSen: 46_800_000 },
        { lotId: 33, priceSen: 9_999_999_999 },
      ],
    })
  })

  it('fills the inputs from a CSV file and posts them', async () => {
    serve(() => json({ message: 'Price list published.', ...published }, { status: 201 }))
    const form = await openForm()
    const file = new File(['lotNumber,price\nL-2,350000.1\nL-7,1\n'], 'phase2.csv', { type: 'text/csv' })
    fireEvent.change(within(form).getByLabelText('Prices CSV of Aero Industrial Hub'), { target: { files: [file] } })

    expect(await within(form).findByText('Filled 1 price from phase2.csv.')).toBeTruthy()
    expect(within(form).getByText('Line 3: no lot L-7 in this development')).toBeTruthy()
    expect((within(form).getByLabelText('New price of lot L-2') as HTMLInputElement).value).toBe('350000.10')
    expect((within(form).getByLabelText('New price of lot L-1') as HTMLInputElement).value).toBe('468000.00')

    fireEvent.change(within(form).getByLabelText('Label'), { target: { value: 'Phase 2 prices' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }))
    await screen.findByText(/^Price list published\./)
    expect(posted().body).toMatchObject({
      entries: [
        { lotId: 31, priceSen: 46_800_000 },
        { lotId: 32, priceSen: 35_000_010 },
        { lotId: 33, priceSen: 50_000_050 },
      ],
    })
  })

  it('refuses a price that is not RM with two decimals without posting', async () => {
    serve(() => json({ message: 'Price list published.', ...published }, { status: 201 }))
    const form = await openForm()
    fireEvent.change(within(form).getByLabelText('New price of lot L-1'), { target: { value: '468000.005' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }))
    expect(await within(form).findByText('Enter a price in RM with at most two decimals.')).toBeTruthy()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('offers no publish button to anyone but a super admin (the backend refuses them too)', async () => {
    serve(() => json({ message: 'Only super admins can manage price lists.' }, { status: 403 }))
    const region = await openPriceLists('agent_admin')
    expect(await within(region).findByText('No price list yet: each lot is at its own price.')).toBeTruthy()
    expect(within(region).queryByRole('button', { name: 'Publish new version' })).toBeNull()
  })
})
