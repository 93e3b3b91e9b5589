import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, Notification, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import ReleaseBatchesPage from './ReleaseBatchesPage'
import type { ReleaseBatch } from './types'
import { fakeApi, json } from '../../../test/fakeApi'

const hub = { id: 3, slug: 'aeroindustrial', name: 'Aero Industrial Hub', location: null, phase: 4 }
const kampar = { id: 4, slug: 'mahkota-kampar', name: 'Mahkota Kampar', location: null, phase: 1 }
const mks25 = { id: 25, lotNumber: '4025', unitNumber: 'MKS-25' }
const mks26 = { id: 26, lotNumber: '4026', unitNumber: 'MKS-26' }

const phase2: ReleaseBatch = {
  id: 7,
  developmentId: 3,
  name: 'Phase 2 launch',
  // 9:00 AM in Malaysia.
  releaseAt: '2026-12-01T01:00:00.000Z',
  releasedAt: null,
  status: 'scheduled',
  lotIds: [25, 26],
  lots: [mks25, mks26],
  createdById: 1,
  createdAt: '2026-11-27T02:00:00.000Z',
}

const phase1: ReleaseBatch = {
  ...phase2,
  id: 6,
  name: 'Phase 1 launch',
  releaseAt: '2026-11-20T02:00:00.000Z',
  releasedAt: '2026-11-20T02:00:04.000Z',
  status: 'released',
  lotIds: [24],
  lots: [{ id: 24, lotNumber: '4024', unitNumber: null }],
}

const api = fakeApi((path, method, _body, search) => {
  if (path === '/api/properties') return json([hub, kampar])
  if (path === '/api/developments/3/release-batches' && method === 'GET') return json([phase1, phase2])
  if (path === '/api/developments/4/release-batches' && method === 'GET') return json([])
  if (path === '/api/lots') {
    const lots = search.includes('"id":[25]') || search.includes('"q":"25"') ? [mks25] : []
    return json(lots, { headers: { 'Content-Range': `lots 0-${lots.length}/${lots.length}` } })
  }
  return undefined
})

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/admin/release-batches']}>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { 'admin/lots': { list: 'lots' } } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <ReleaseBatchesPage />
        <Notification />
      </AdminContext>
    </MemoryRouter>
  )

/** The dialogs and the lot picker are heavy for jsdom on a busy machine. */
const SLOW = 30_000

describe('the Release Batches screen', () => {
  it(
    "lists the development's batches with their Malaysia time, lots and status; another development is asked for",
    async () => {
      renderPage()
      const table = await screen.findByRole('table', { name: 'Release batches of Aero Industrial Hub' })
      const scheduled = within(table).getByText('Phase 2 launch').closest('tr')!
      expect(within(scheduled).getByText('Dec 01, 2026, 9:00 AM MYT')).toBeTruthy()
      expect(within(scheduled).getByText('MKS-25, MKS-26')).toBeTruthy()
      expect(within(scheduled).getByText('Scheduled')).toBeTruthy()
      expect(within(scheduled).getByRole('button', { name: 'Cancel Phase 2 launch' })).toBeTruthy()

      const released = within(table).getByText('Phase 1 launch').closest('tr')!
      expect(within(released).getByText('Nov 20, 2026, 10:00 AM MYT')).toBeTruthy()
      // A lot without a unit number is named by its lot number.
      expect(within(released).getByText('4024')).toBeTruthy()
      expect(within(released).getByText('Released')).toBeTruthy()
      expect(within(released).queryByRole('button')).toBeNull()

      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Development' }))
      fireEvent.click(await screen.findByRole('option', { name: 'Mahkota Kampar' }))
      expect(await screen.findByText(/No release batch for Mahkota Kampar yet/)).toBeTruthy()
      expect(api.calls.map((call) => call.path)).toContain('/api/developments/4/release-batches')
      expect(api.calls.every((call) => call.method === 'GET')).toBe(true)
    },
    SLOW
  )

  it(
    "schedules a batch: posts the time with its offset and the lots' ids, shows the backend's field errors and keeps the input",
    async () => {
      renderPage()
      await screen.findByRole('table', { name: 'Release batches of Aero Industrial Hub' })
      fireEvent.click(screen.getByRole('button', { name: 'Schedule release' }))
      const dialog = await screen.findByRole('dialog', { name: 'Schedule release: Aero Industrial Hub' })
      fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Phase 3 launch' } })
      fireEvent.change(within(dialog).getByLabelText(/^Release at/), { target: { value: '2026-12-01T09:00' } })
      const lots = within(dialog).getByRole('combobox', { name: /Lots/ })
      fireEvent.focus(lots)
      fireEvent.mouseDown(lots)
      fireEvent.change(lots, { target: { value: '25' } })
      fireEvent.click(await screen.findByRole('option', { name: 'MKS-25 (lot 4025)' }, { timeout: 5000 }))
      // The picker searches this development's lots only.
      expect(
        api.calls.some((call) => call.path === '/api/lots' && call.search.includes('"propertyId":3')),
        api.calls.map((call) => call.search).join('\n')
      ).toBe(true)

      api.answer = (path, method) =>
        path === '/api/developments/3/release-batches' && method === 'POST'
          ? json(
              {
                message: 'A release batch cannot be scheduled in the past.',
                errors: [
                  { field: 'releaseAt', message: 'A release batch cannot be scheduled in the past.' },
                  { field: 'lotIds.0', message: 'This lot is already in the scheduled batch "Phase 2 launch"' },
                ],
              },
              { status: 422 }
            )
          : undefined
      fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }))
      await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true))
      expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
        path: '/api/developments/3/release-batches',
        body: { name: 'Phase 3 launch', releaseAt: '2026-12-01T09:00:00+08:00', lotIds: [25] },
      })
      const releaseAt = within(dialog).getByLabelText(/^Release at/)
      await waitFor(() =>
        expect(releaseAt.closest('.MuiFormControl-root')!.textContent).toContain(
          'A release batch cannot be scheduled in the past.'
        )
      )
      expect(
        await within(dialog).findByText('MKS-25: This lot is already in the scheduled batch "Phase 2 launch"')
      ).toBeTruthy()
      // Kept as typed, to be corrected.
      expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Phase 3 launch')
      expect((releaseAt as HTMLInputElement).value).toBe('2026-12-01T09:00')
      expect(within(dialog).getByRole('button', { name: 'MKS-25 (lot 4025)' })).toBeTruthy()

      const scheduled: ReleaseBatch = { ...phase2, id: 8, name: 'Phase 3 launch', lotIds: [25], lots: [mks25] }
      api.answer = (path, method) => {
        if (path !== '/api/developments/3/release-batches') return undefined
        if (method === 'POST') return json({ message: 'Release batch scheduled.', ...scheduled }, { status: 201 })
        return json([phase1, phase2, scheduled])
      }
      fireEvent.change(releaseAt, { target: { value: '2026-12-02T09:00' } })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }))
      expect(await screen.findByText(/^Release batch scheduled\./)).toBeTruthy()
      expect(api.calls.filter((call) => call.method === 'POST').at(-1)!.body).toMatchObject({
        releaseAt: '2026-12-02T09:00:00+08:00',
      })
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      const table = screen.getByRole('table', { name: 'Release batches of Aero Industrial Hub' })
      expect(await within(table).findByText('Phase 3 launch')).toBeTruthy()
    },
    SLOW
  )

  it(
    'cancels a scheduled batch only after confirming, and says so with the backend message',
    async () => {
      renderPage()
      const table = await screen.findByRole('table', { name: 'Release batches of Aero Industrial Hub' })
      fireEvent.click(within(table).getByRole('button', { name: 'Cancel Phase 2 launch' }))
      const confirm = await screen.findByRole('dialog')
      expect(within(confirm).getByText('Cancel Phase 2 launch?')).toBeTruthy()

      // Kept: nothing is sent.
      fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false)

      let cancelled = false
      api.answer = (path, method) => {
        if (path === '/api/developments/3/release-batches/7' && method === 'DELETE') {
          cancelled = true
          return json({ message: 'Release batch cancelled.' })
        }
        if (path === '/api/developments/3/release-batches' && cancelled) return json([phase1])
        return undefined
      }
      fireEvent.click(within(table).getByRole('button', { name: 'Cancel Phase 2 launch' }))
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel batch' }))
      expect(await screen.findByText('Release batch cancelled.')).toBeTruthy()
      expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
        '/api/developments/3/release-batches/7',
      ])
      await waitFor(() => expect(screen.queryByText('Phase 2 launch')).toBeNull())
    },
    SLOW
  )

  it(
    "shows the backend's refusal to anyone but a super admin instead of a table",
    async () => {
      api.answer = (path) =>
        path === '/api/developments/3/release-batches'
          ? json({ message: 'Only super admins can manage release batches.' }, { status: 403 })
          : undefined
      renderPage()
      expect(await screen.findByText('Only super admins can manage release batches.')).toBeTruthy()
      expect(screen.queryByRole('table')).toBeNull()
    },
    SLOW
  )

  it(
    "shows the backend's refusal when the batch was released meanwhile",
    async () => {
      api.answer = (path, method) =>
        path === '/api/developments/3/release-batches/7' && method === 'DELETE'
          ? json({ message: 'This release batch has already been released.' }, { status: 409 })
          : undefined
      renderPage()
      const table = await screen.findByRole('table', { name: 'Release batches of Aero Industrial Hub' })
      fireEvent.click(within(table).getByRole('button', { name: 'Cancel Phase 2 launch' }))
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel batch' }))
      expect(await screen.findByText('This release batch has already been released.')).toBeTruthy()
    },
    SLOW
  )
})
