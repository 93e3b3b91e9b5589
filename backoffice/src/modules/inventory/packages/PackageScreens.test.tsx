import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import PackageList from './PackageList'
import PackageCreate from './PackageCreate'
import PackageEdit from './PackageEdit'
import type { PricePackage } from './types'
import { fakeApi, json } from '../../../test/fakeApi'

const hub = { id: 3, slug: 'aeroindustrial', name: 'Aero Industrial Hub', location: null, phase: 4 }

const earlyBird: PricePackage = {
  id: 5,
  developmentId: 3,
  name: 'Early bird -5%',
  kind: 'percent',
  percentBp: 500,
  amountSen: null,
  validFrom: '2026-11-20T02:00:00.000Z',
  validUntil: null,
  allLots: true,
  lotIds: null,
  combinable: true,
  eligibility: 'everyone',
  retiredAt: null,
  state: 'in_force',
  createdAt: '2026-11-19T02:00:00.000Z',
}

const agencyPromotion: PricePackage = {
  ...earlyBird,
  id: 6,
  name: 'Agency promotion RM10,000 off',
  kind: 'fixed',
  percentBp: null,
  amountSen: 1_000_000,
  validFrom: '2026-12-20T02:00:00.000Z',
  validUntil: '2027-01-20T02:00:00.000Z',
  state: 'scheduled',
}

const api = fakeApi((path, method) => {
  if (path === '/api/properties') return json([hub])
  if (path === '/api/packages' && method === 'GET') {
    return json([agencyPromotion, earlyBird], { headers: { 'Content-Range': 'packages 0-1/2' } })
  }
  if (path === '/api/packages/5') return json(earlyBird)
  if (path === '/api/packages/6') return json(agencyPromotion)
  if (path === '/api/lots') return json([], { headers: { 'Content-Range': 'lots 0-0/0' } })
  return undefined
})

const endpoints = { 'admin/packages': { list: 'packages' }, 'admin/lots': { list: 'lots' } }

const renderAt = (path: string, route: string, element: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={createDataProvider({ endpoints })}
        basename="/backoffice"
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </AdminContext>
    </MemoryRouter>
  )

/** The screens are heavy for jsdom on a busy machine. */
const SLOW = 30_000

describe('the Packages screen', () => {
  it(
    'lists packages with their discount, window and state, and retires one after confirming',
    async () => {
      renderAt('/admin/packages', '/admin/packages', <PackageList />)
      const row = (await screen.findByText('Early bird -5%')).closest('tr')!
      expect(within(row).getByText('5%')).toBeTruthy()
      expect(within(row).getByText('In force')).toBeTruthy()
      expect(within(row).getByText('No end')).toBeTruthy()
      const scheduled = screen.getByText('Agency promotion RM10,000 off').closest('tr')!
      expect(within(scheduled).getByText('RM 10,000')).toBeTruthy()
      expect(within(scheduled).getByText('Scheduled')).toBeTruthy()
      expect(api.calls.find((call) => call.path === '/api/packages')!.search).toContain('sort=["validFrom","DESC"]')

      api.answer = (path, method) =>
        path === '/api/packages/5/retire' && method === 'POST'
          ? json({ ...earlyBird, state: 'retired', message: 'Package retired.' })
          : undefined
      fireEvent.click(within(row).getByRole('button', { name: 'Retire' }))
      const dialog = await screen.findByRole('dialog')
      expect(within(dialog).getByText(/Bookings already made with it keep their discount/)).toBeTruthy()
      fireEvent.click(within(dialog).getByRole('button', { name: 'Retire' }))
      await waitFor(() => expect(api.calls.some((call) => call.path === '/api/packages/5/retire')).toBe(true))
      expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(1)
    },
    SLOW
  )

  it(
    'creates a package: a percentage in basis points, all lots, and shows the backend refusal on its field',
    async () => {
      renderAt('/admin/packages/create', '/admin/packages/create', <PackageCreate />)
      fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Development/ }))
      fireEvent.click(await screen.findByRole('option', { name: 'Aero Industrial Hub' }))
      fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Bumiputera discount 7.25%' } })
      fireEvent.change(screen.getByLabelText(/Percentage/), { target: { value: '7.25' } })
      fireEvent.click(screen.getByLabelText('Verified Bumiputera buyers only'))

      api.answer = (path, method) =>
        path === '/api/packages' && method === 'POST'
          ? json(
              {
                message: 'Its dates overlap "Launch special" on the same lots',
                errors: [{ field: 'validFrom', message: 'Its dates overlap "Launch special" on the same lots' }],
              },
              { status: 422 }
            )
          : undefined
      fireEvent.click(screen.getByRole('button', { name: /save/i }))
      await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true))
      expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
        developmentId: 3,
        name: 'Bumiputera discount 7.25%',
        kind: 'percent',
        percentBp: 725,
        amountSen: null,
        validUntil: null,
        lotIds: null,
        combinable: true,
        eligibility: 'bumiputera',
      })
      expect(
        (await screen.findAllByText('Its dates overlap "Launch special" on the same lots')).length
      ).toBeGreaterThan(0)
    },
    SLOW
  )

  it(
    'changes a scheduled package; one in force can only be retired',
    async () => {
      api.answer = (path, method, body) =>
        path === '/api/packages/6' && method === 'PUT' ? json({ ...agencyPromotion, ...(body as object) }) : undefined
      const { unmount } = renderAt('/admin/packages/6', '/admin/packages/:id', <PackageEdit />)
      const amount = await screen.findByLabelText(/Amount \(RM\)/)
      await waitFor(() => expect((amount as HTMLInputElement).value).toBe('10000'))
      fireEvent.change(amount, { target: { value: '8000.50' } })
      fireEvent.click(screen.getByRole('button', { name: /save/i }))
      await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true))
      expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: '/api/packages/6',
        body: {
          kind: 'fixed',
          amountSen: 800_050,
          percentBp: null,
          lotIds: null,
          validUntil: agencyPromotion.validUntil,
        },
      })
      unmount()

      renderAt('/admin/packages/5', '/admin/packages/:id', <PackageEdit />)
      expect(await screen.findByText(/In force: its terms can no longer change/)).toBeTruthy()
      expect(screen.queryByRole('button', { name: /save/i })).toBeNull()
      expect(screen.getByRole('button', { name: 'Retire' })).toBeTruthy()
    },
    SLOW
  )

  it(
    "the lot picker fetches the chosen lots by id and searches the development's lots in the backend",
    async () => {
      // Lot 150 is past the first page of the development's lots: it is asked for by id.
      const chosen = { id: 150, lotNumber: '4150', unitNumber: 'MKS-150' }
      const found = { id: 151, lotNumber: '4151', unitNumber: 'MKS-151' }
      api.answer = (path) => {
        if (path === '/api/packages/6') return json({ ...agencyPromotion, allLots: false, lotIds: [150] })
        if (path !== '/api/lots') return undefined
        const last = api.calls.at(-1)!.search
        if (last.includes('"id":[150]')) return json([chosen], { headers: { 'Content-Range': 'lots 0-0/1' } })
        if (last.includes('"q":"151"')) return json([found], { headers: { 'Content-Range': 'lots 0-0/1' } })
        return json([], { headers: { 'Content-Range': 'lots 0-0/0' } })
      }
      renderAt('/admin/packages/6', '/admin/packages/:id', <PackageEdit />)
      expect(await screen.findByText('MKS-150 (lot 4150)')).toBeTruthy()
      const byId = api.calls.find((call) => call.path === '/api/lots' && call.search.includes('"id":[150]'))
      expect(byId).toBeTruthy()

      const input = screen.getByRole('combobox', { name: /Lots/ })
      fireEvent.focus(input)
      fireEvent.mouseDown(input)
      fireEvent.change(input, { target: { value: '151' } })
      await waitFor(
        () => {
          const lots = api.calls.filter((call) => call.path === '/api/lots').map((call) => call.search)
          expect(
            lots.some((search) => search.includes('"q":"151"') && search.includes('"propertyId":3')),
            lots.join('\n')
          ).toBe(true)
        },
        { timeout: 5000 }
      )
      expect(await screen.findByRole('option', { name: 'MKS-151 (lot 4151)' })).toBeTruthy()
    },
    SLOW
  )
})
