import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, Notification, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../providers/dataProvider'
import { onPhone } from '../../../test/phone'
import type { MailDelivery } from '../types'
import MailDeliveryList from './MailDeliveryList'

const fetchMock = vi.fn<typeof fetch>()

const givenUp: MailDelivery = {
  id: 17,
  _id: 17,
  recipients: 'daniel@example.my',
  subject: 'Your booking for MKS-24 was approved',
  state: 'failed',
  attempts: 5,
  lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
  nextAttemptAt: null,
  failedAt: '2025-03-04T02:15:00.000Z',
  sentAt: null,
  createdAt: '2025-03-03T01:00:00.000Z',
}

const json = (body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) =>
  new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  })

let queue: MailDelivery[]
let retryAnswer: () => Response

beforeEach(() => {
  queue = [givenUp]
  retryAnswer = () => {
    queue = []
    return json({ ...givenUp, state: 'waiting', failedAt: null })
  }
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  document.cookie = 'XSRF-TOKEN=token-1'
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://backoffice.test')
    if (url.pathname === '/api/mail-deliveries' && (init?.method ?? 'GET') === 'GET') {
      return json(queue, { headers: { 'Content-Range': `mail-deliveries 0-${queue.length}/${queue.length}` } })
    }
    if (url.pathname === '/api/mail-deliveries/17/retry' && init?.method === 'POST') return retryAnswer()
    return json({ message: 'Not found' }, { status: 404 })
  })
})

const renderList = () =>
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { 'admin/mail-deliveries': { list: 'mail-deliveries' } } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <MailDeliveryList />
        <Notification />
      </AdminContext>
    </MemoryRouter>
  )

const requests = (path: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://backoffice.test'), init }))
    .filter(({ url }) => url.pathname === path)

describe('Email Deliveries', () => {
  it('lists the given-up emails, newest first: recipient, subject, attempts, last error, failed at', async () => {
    renderList()
    const table = await screen.findByRole('table')
    const row = within(table).getAllByRole('row')[1]!
    expect(within(row).getByText('daniel@example.my')).toBeTruthy()
    expect(within(row).getByText('Your booking for MKS-24 was approved')).toBeTruthy()
    expect(within(row).getByText('5')).toBeTruthy()
    expect(within(row).getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy()
    expect(within(row).getByText('Mar 04, 2025, 10:15 AM MYT')).toBeTruthy()
    const [first] = requests('/api/mail-deliveries')
    expect(first!.url.searchParams.get('sort')).toBe('["id","DESC"]')
    expect(JSON.parse(first!.url.searchParams.get('filter')!)).toEqual({ state: 'failed' })
  })

  it('retries one: the backend queues it again and the list no longer shows it', async () => {
    renderList()
    const table = await screen.findByRole('table')
    fireEvent.click(within(table).getByRole('button', { name: /^Retry Your booking for MKS-24/ }))
    expect(await screen.findByText('Email queued to be sent again')).toBeTruthy()
    const [retry] = requests('/api/mail-deliveries/17/retry')
    expect(retry!.init?.method).toBe('POST')
    expect(new Headers(retry!.init?.headers).get('X-XSRF-TOKEN')).toBe('token-1')
    await waitFor(() => expect(screen.queryByText('daniel@example.my')).toBeNull())
  })

  it('says what the backend said when the email was already retried, and reloads', async () => {
    retryAnswer = () => {
      queue = []
      return json({ message: 'No given-up email with this id: it may have been retried already.' }, { status: 404 })
    }
    renderList()
    const table = await screen.findByRole('table')
    fireEvent.click(within(table).getByRole('button', { name: /^Retry/ }))
    expect(await screen.findByText('No given-up email with this id: it may have been retried already.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('daniel@example.my')).toBeNull())
  })

  it('is a card per email on a phone, with its Retry button', async () => {
    onPhone()
    renderList()
    const card = within(await screen.findByRole('list', { name: 'Email deliveries' })).getByRole('listitem')
    expect(within(card).getByText('Your booking for MKS-24 was approved')).toBeTruthy()
    expect(within(card).getByText('To daniel@example.my')).toBeTruthy()
    expect(within(card).getByText('Last error: connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy()
    expect(within(card).getByRole('button', { name: /^Retry/ })).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
