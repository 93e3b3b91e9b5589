import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, RefreshButton, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { createDataProvider } from '../../dataProvider'
import type { DataBreach } from './types'
import BreachEdit from './BreachEdit'
import BreachClocksWidget from './BreachClocksWidget'
import DataProtectionOfficerPage from './DataProtectionOfficerPage'
import { fakeApi, json } from '../../test/fakeApi'

const breach: DataBreach = {
  id: 3,
  discoveredAt: '2026-03-01T01:00:00.000Z',
  description: 'A cheque was emailed to the wrong buyer',
  affectedPeople: 'One buyer',
  dataKinds: ['cheques'],
  affectedCount: 1,
  status: 'open',
  commissionerNotifiedAt: null,
  commissionerReference: null,
  individualsNotifiedAt: null,
  closedAt: null,
  recordedBy: 'Siti Admin',
  clocks: {
    commissioner: {
      state: 'running',
      deadline: '2026-03-04T01:00:00.000Z',
      notifiedAt: null,
      secondsLeft: 5 * 3600 + 12 * 60,
      late: false,
    },
    individuals: { state: 'waiting', deadline: null, notifiedAt: null, secondsLeft: null, late: false },
  },
}

const overdue: DataBreach = {
  ...breach,
  id: 4,
  description: 'A laptop was stolen',
  clocks: {
    ...breach.clocks,
    commissioner: { ...breach.clocks.commissioner, state: 'overdue', secondsLeft: -8 * 3600 },
  },
}

const api = fakeApi((path, method, body) => {
  if (path === '/api/data-breaches/3') return json(breach)
  if (path === '/api/data-breaches') {
    return json([overdue, breach], { headers: { 'Content-Range': 'data-breaches 0-1/2' } })
  }
  if (path === '/api/data-breach-notices' && method === 'GET') {
    return json([], { headers: { 'Content-Range': 'data-breach-notices 0-0/0' } })
  }
  if (path === '/api/data-protection-officer/1') {
    return json({ id: 1, appointed: false, name: null, email: null, phone: null, updatedAt: null, ...(body as object) })
  }
  return undefined
})

const endpoints = {
  'admin/data-breaches': { list: 'data-breaches' },
  'admin/data-breach-notices': { list: 'data-breach-notices' },
  'admin/data-protection-officer': { list: 'data-protection-officer' },
}

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

describe('the breach register', () => {
  it("shows an incident's clocks and emails a notice to the people typed in", async () => {
    renderAt('/admin/data-breaches/3', '/admin/data-breaches/:id', <BreachEdit />)
    expect(await screen.findByText(/Commissioner \(72 hours\): 5 h 12 min left/)).toBeTruthy()
    expect(screen.getByText(/Affected people \(7 days\): Starts when the Commissioner is notified/)).toBeTruthy()
    expect(await screen.findByText('No notice sent yet.')).toBeTruthy()

    api.answer = (path, method) =>
      path === '/api/data-breach-notices' && method === 'POST'
        ? json({
            id: 9,
            breachId: 3,
            subject: 'S',
            recipientCount: 2,
            message: 'The notice is on its way to 2 people.',
          })
        : undefined
    const form = screen.getByRole('form', { name: 'Send a notice' })
    fireEvent.change(within(form).getByLabelText(/Subject/), { target: { value: 'About your documents' } })
    fireEvent.change(within(form).getByLabelText(/^Notice/), { target: { value: 'What happened.' } })
    fireEvent.change(within(form).getByLabelText(/Email addresses/), {
      target: { value: 'a@example.my\nb@example.my' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Send notice' }))
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true))
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/data-breach-notices',
      body: {
        breachId: 3,
        subject: 'About your documents',
        body: 'What happened.',
        recipients: ['a@example.my', 'b@example.my'],
      },
    })
  })

  it("records the Commissioner's notification as an instant, and offers no Delete", async () => {
    renderAt('/admin/data-breaches/3', '/admin/data-breaches/:id', <BreachEdit />)
    const reference = await screen.findByLabelText(/Commissioner's reference/)
    await waitFor(() =>
      expect((screen.getByLabelText(/What happened/) as HTMLTextAreaElement).value).toBe(breach.description)
    )
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull()
    api.answer = (path, method, body) =>
      path === '/api/data-breaches/3' && method === 'PUT' ? json({ ...breach, ...(body as object) }) : undefined
    fireEvent.change(screen.getByLabelText(/Commissioner notified at/), { target: { value: '2026-03-02T10:00' } })
    fireEvent.change(reference, { target: { value: 'JPDP/2026/0042' } })
    fireEvent.click(screen.getByRole('button', { name: /save/i }))
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true))
    expect(api.calls.find((call) => call.method === 'PUT')!.body).toEqual({
      discoveredAt: breach.discoveredAt,
      description: breach.description,
      affectedPeople: breach.affectedPeople,
      dataKinds: breach.dataKinds,
      affectedCount: breach.affectedCount,
      commissionerNotifiedAt: new Date(2026, 2, 2, 10, 0).toISOString(),
      commissionerReference: 'JPDP/2026/0042',
      status: 'open',
    })
  })

  it('keeps what was typed when the record loads again with its clocks moved on', async () => {
    renderAt(
      '/admin/data-breaches/3',
      '/admin/data-breaches/:id',
      <>
        <BreachEdit />
        <RefreshButton />
      </>
    )
    const reference = (await screen.findByLabelText(/Commissioner's reference/)) as HTMLInputElement
    await waitFor(() =>
      expect((screen.getByLabelText(/What happened/) as HTMLTextAreaElement).value).toBe(breach.description)
    )
    fireEvent.change(reference, { target: { value: 'JPDP/2026/0042' } })

    const commissioner = { ...breach.clocks.commissioner, secondsLeft: 5 * 3600 + 11 * 60 }
    api.answer = (path, method) =>
      path === '/api/data-breaches/3' && method === 'GET'
        ? json({ ...breach, clocks: { ...breach.clocks, commissioner } })
        : undefined
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(await screen.findByText(/Commissioner \(72 hours\): 5 h 11 min left/)).toBeTruthy()
    expect(reference.value).toBe('JPDP/2026/0042')
    expect((screen.getByRole('button', { name: /save/i }) as HTMLButtonElement).disabled).toBe(false)
  })

  it("shows the backend's refusal of an address on the addresses box", async () => {
    renderAt('/admin/data-breaches/3', '/admin/data-breaches/:id', <BreachEdit />)
    const form = await screen.findByRole('form', { name: 'Send a notice' })
    api.answer = (path, method) =>
      path === '/api/data-breach-notices' && method === 'POST'
        ? json(
            { message: 'Not an email address', errors: [{ field: 'recipients.0', message: 'Not an email address' }] },
            { status: 422 }
          )
        : undefined
    fireEvent.change(within(form).getByLabelText(/Email addresses/), { target: { value: 'nobody' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Send notice' }))
    expect(await within(form).findByText('Not an email address')).toBeTruthy()
  })

  it("puts the open incidents' clocks on the dashboard, overdue first", async () => {
    renderAt('/', '/', <BreachClocksWidget />)
    expect(await screen.findByText(/Commissioner: Overdue by 8 h 0 min/)).toBeTruthy()
    expect(screen.getByText(/Commissioner: 5 h 12 min left/)).toBeTruthy()
    expect(screen.getByRole('link', { name: /Breach #4: A laptop was stolen/ }).getAttribute('href')).toBe(
      '/backoffice/admin/data-breaches/4'
    )
    const list = api.calls.find((call) => call.path === '/api/data-breaches')!
    expect(list.search).toContain('filter={"status":"open"}')
    expect(list.search).toContain('sort=["discoveredAt","ASC"]')
  })

  it("saves the Data Protection Officer's contact with PUT /api/data-protection-officer/1", async () => {
    renderAt('/data-protection-officer', '/data-protection-officer', <DataProtectionOfficerPage />)
    const name = await screen.findByLabelText(/Name or role/)
    fireEvent.change(name, { target: { value: 'Puan Aishah Rahman' } })
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'dpo@aero-demo.my' } })
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '+60 3 7890 1234' } })
    fireEvent.click(screen.getByRole('button', { name: /save/i }))
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true))
    expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/data-protection-officer/1',
      body: { name: 'Puan Aishah Rahman', email: 'dpo@aero-demo.my', phone: '+60 3 7890 1234' },
    })
  })
})
