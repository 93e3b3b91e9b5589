import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore, type AuthProvider } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import CreateBookingPage from './CreateBookingPage'
import { CONSENT_REQUIRED } from '../privacy/types'

const fetchMock = vi.fn<typeof fetch>()

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

const NOTICE = 'The IC and the cheque verify the buyer and the payment.\n\nThe agency and the developer see them.'

const AISYAH = { id: 7, _id: 7, name: 'Nur Aisyah', email: 'aisyah@example.my', phone: null }

/** The backend: the client list (searched by `q`), one client by id or by exact email, and the developments. */
function backend({ lookup = json(AISYAH) }: { lookup?: Response } = {}) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://backoffice.test')
    if (url.pathname === '/api/users') {
      const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { q?: string }
      const rows = filter.q ? [{ id: 9, _id: 9, name: 'Farah Aziz', email: 'farah@example.my', phone: null }] : []
      return json(rows, 200, { 'Content-Range': `users 0-${Math.max(rows.length - 1, 0)}/${rows.length}` })
    }
    if (url.pathname === '/api/users/7') return lookup.clone()
    if (url.pathname === '/api/users/lookup') {
      const identifier = url.searchParams.get('identifier')
      return identifier === 'farah@example.my'
        ? json({ id: 9, _id: 9, name: 'Farah Aziz', email: 'farah@example.my', phone: '+60 12-345 6789' })
        : json({ message: 'No user has this email address.' }, 404)
    }
    if (url.pathname === '/api/properties') return json([{ id: 1, slug: 'aero', name: 'Aero Industrial Hub' }])
    if (url.pathname === '/api/privacy-notice')
      return json({ id: 1, version: 4, body: NOTICE, createdAt: '2026-03-01T00:00:00.000Z' })
    if (url.pathname === '/api/lots')
      return json(
        [
          {
            id: 5,
            kind: 'lot',
            lotNumber: '5',
            unitNumber: 'A-05',
            name: null,
            type: 'Type A',
            price: null,
            status: 'available',
          },
        ],
        200,
        { 'Content-Range': 'lots 0-0/1' }
      )
    return json([])
  })
}

const signedInAsAgent: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => 'agent_admin',
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={createDataProvider()}
        authProvider={signedInAsAgent}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <CreateBookingPage />
      </AdminContext>
    </MemoryRouter>
  )

/** The user-related requests made, as path and filter. */
const userRequests = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://backoffice.test'))
    .filter((url) => url.pathname.startsWith('/api/users'))
    .map((url) => ({
      path: url.pathname,
      filter: url.searchParams.get('filter'),
      range: url.searchParams.get('range'),
    }))

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

describe('Create Booking Request: the user', () => {
  it('finds the client by their exact email on the server, and never lists users', async () => {
    backend()
    renderAt('/bookings/create')
    const email = screen.getByRole('textbox', { name: /User's email/ })

    fireEvent.change(email, { target: { value: 'farah@example' } })
    fireEvent.keyDown(email, { key: 'Enter' })
    expect(await screen.findByText('No user has this email address.')).toBeTruthy()

    fireEvent.change(email, { target: { value: ' farah@example.my ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Find user' }))
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^User/ }) as HTMLInputElement).value).toBe(
        'Farah Aziz (farah@example.my)'
      )
    )
    expect(userRequests().map((request) => request.path)).toEqual(['/api/users/lookup', '/api/users/lookup'])
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://backoffice.test'))
      .filter((url) => url.pathname === '/api/users/lookup')
      .map((url) => url.searchParams.get('identifier'))
    expect(asked).toEqual(['farah@example', 'farah@example.my'])

    // Another client: back to the email field.
    fireEvent.click(screen.getByRole('button', { name: 'Change user' }))
    expect((screen.getByRole('textbox', { name: /User's email/ }) as HTMLInputElement).value).toBe('')
  })

  it('asks for an email before looking anyone up', async () => {
    backend()
    renderAt('/bookings/create')
    fireEvent.click(screen.getByRole('button', { name: 'Find user' }))
    expect(await screen.findByText("Enter the client's full email address")).toBeTruthy()
    expect(userRequests()).toEqual([])
  })

  it('preselects ?userId= with one lookup of that user', async () => {
    backend()
    renderAt('/bookings/create?userId=7')

    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^User/ }) as HTMLInputElement).value).toBe(
        'Nur Aisyah (aisyah@example.my)'
      )
    )
    expect(userRequests().filter((request) => request.path === '/api/users/7')).toHaveLength(1)
    expect(userRequests().filter((request) => request.path === '/api/users')).toEqual([])
  })

  it("shows the backend's reason when the linked user is not the agent's to book for", async () => {
    const reason =
      "This user belongs to another agency. You can act only for your own agency's members or users without an agency."
    backend({ lookup: json({ message: reason }, 403) })
    renderAt('/bookings/create?userId=7')

    expect(await screen.findByText(reason)).toBeTruthy()
    expect((screen.getByRole('textbox', { name: /User's email/ }) as HTMLInputElement).value).toBe('')
    expect(userRequests().filter((request) => request.path === '/api/users/7')).toHaveLength(1)
  })
})

/** XMLHttpRequest as the booking's upload uses it, driven by the test. */
class FakeXhr {
  static sent: FakeXhr[] = []
  url = ''
  body: FormData | null = null
  status = 0
  statusText = ''
  responseText = ''
  withCredentials = false
  readonly upload = new EventTarget()
  private readonly events = new EventTarget()
  open(_method: string, url: string) {
    this.url = url
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body
    FakeXhr.sent.push(this)
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener)
  }
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }))
    })
  }
  async answer(status: number, body: unknown) {
    await act(async () => {
      Object.assign(this, { status, responseText: JSON.stringify(body) })
      this.events.dispatchEvent(new Event('load'))
    })
  }
}

/** Picks an option of one of the form's select fields. */
async function select(name: RegExp, option: RegExp) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name }))
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

describe('Create Booking Request: sending it', () => {
  beforeEach(() => {
    FakeXhr.sent = []
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
  })

  async function fillForm({ consent = true } = {}) {
    backend()
    renderAt('/bookings/create?userId=7')
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^User/ }) as HTMLInputElement).value).toBe(
        'Nur Aisyah (aisyah@example.my)'
      )
    )
    await select(/Property/, /Aero Industrial Hub/)
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Lot/ }).getAttribute('aria-disabled')).toBeNull())
    await select(/^Lot/, /^A-05 · Type A/)
    if (consent) fireEvent.click(await screen.findByRole('checkbox', { name: /version 4.*consents/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Create Booking' }))
    if (!consent) return null
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    return FakeXhr.sent[0]!
  }

  it('shows the privacy notice and sends nothing until the consent box is ticked; then the consent and version', async () => {
    await fillForm({ consent: false })
    const notice = screen.getByRole('region', { name: 'Privacy notice' })
    expect(notice.textContent).toContain('verify the buyer and the payment')
    expect(await screen.findByText(CONSENT_REQUIRED)).toBeTruthy()
    expect(FakeXhr.sent).toHaveLength(0)

    fireEvent.click(screen.getByRole('checkbox', { name: /version 4.*consents/ }))
    expect(screen.queryByText(CONSENT_REQUIRED)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Create Booking' }))
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    expect(FakeXhr.sent[0]!.body!.get('consent')).toBe('true')
    expect(FakeXhr.sent[0]!.body!.get('noticeVersion')).toBe('4')
  })

  it('shows the upload of the multipart POST /api/bookings as a progress bar', async () => {
    const request = (await fillForm())!
    expect(request.url).toBe('/api/bookings')
    expect([request.body!.get('userId'), request.body!.get('lotId')]).toEqual(['7', '5'])

    const bar = screen.getByRole('progressbar', { name: 'Uploading the booking' })
    expect(bar.getAttribute('aria-valuenow')).toBe('0')
    request.progress(400, 1000)
    expect(bar.getAttribute('aria-valuenow')).toBe('40')
    expect(screen.getByText('40%')).toBeTruthy()
    request.progress(1000, 1000)
    expect(
      screen.getByRole('progressbar', { name: 'Uploaded; waiting for the answer' }).getAttribute('aria-valuenow')
    ).toBe('100')

    await request.answer(201, {
      id: 12,
      status: 'pending_admin',
      message: 'Booking successfully created and sent to admin for review',
    })
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull())
  })

  it("shows the backend's field errors as before", async () => {
    const request = (await fillForm())!
    await request.answer(422, {
      message: 'Validation failed',
      errors: [{ field: 'lotId', message: 'This lot is no longer available' }],
    })
    expect(await screen.findByText('This lot is no longer available')).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })
})
