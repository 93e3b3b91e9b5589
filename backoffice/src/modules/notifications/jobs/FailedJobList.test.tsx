import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, Notification, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { onPhone } from '../../../test/phone'
import type { FailedJob } from '../types'
import FailedJobList from './FailedJobList'

const fetchMock = vi.fn<typeof fetch>()

const givenUp: FailedJob = {
  id: '5ef949e6-be94-46f0-8516-e67035d2c751',
  queue: 'default',
  name: 'SendMail',
  attempts: 5,
  lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
  failedAt: '2025-03-04T02:15:00.000Z',
  summary: 'To daniel@example.my: Your booking for MKS-24 was approved',
}

const json = (body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) =>
  new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  })

let failed: FailedJob[]
let retryAnswer: () => Response

beforeEach(() => {
  failed = [givenUp]
  retryAnswer = () => {
    failed = []
    return json({ jobId: 'a-new-job' }, { status: 202 })
  }
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  document.cookie = 'XSRF-TOKEN=token-1'
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://backoffice.test')
    if (url.pathname === '/api/admin/jobs/failed' && (init?.method ?? 'GET') === 'GET') {
      return json(failed, { headers: { 'Content-Range': `jobs 0-${failed.length}/${failed.length}` } })
    }
    if (url.pathname === `/api/admin/jobs/failed/${givenUp.id}/retry` && init?.method === 'POST') return retryAnswer()
    return json({ message: 'Not found' }, { status: 404 })
  })
})

const renderList = () =>
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { 'admin/failed-jobs': { list: 'admin/jobs/failed' } } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <FailedJobList />
        <Notification />
      </AdminContext>
    </MemoryRouter>
  )

const requests = (path: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://backoffice.test'), init }))
    .filter(({ url }) => url.pathname === path)

describe('Failed Jobs', () => {
  it('lists the failed jobs, newest first: job, email, runs, last error, failed at', async () => {
    renderList()
    const table = await screen.findByRole('table')
    const row = within(table).getAllByRole('row')[1]!
    expect(within(row).getByText('SendMail')).toBeTruthy()
    expect(within(row).getByText('To daniel@example.my: Your booking for MKS-24 was approved')).toBeTruthy()
    expect(within(row).getByText('5')).toBeTruthy()
    expect(within(row).getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy()
    expect(within(row).getByText('Mar 04, 2025, 10:15 AM MYT')).toBeTruthy()
    const [first] = requests('/api/admin/jobs/failed')
    expect(first!.url.searchParams.get('sort')).toBe('["failedAt","DESC"]')
  })

  it('retries one: the backend queues it again and the list no longer shows it', async () => {
    renderList()
    const table = await screen.findByRole('table')
    fireEvent.click(within(table).getByRole('button', { name: /^Retry To daniel@example.my/ }))
    expect(await screen.findByText('Job queued to run again')).toBeTruthy()
    const [retry] = requests(`/api/admin/jobs/failed/${givenUp.id}/retry`)
    expect(retry!.init?.method).toBe('POST')
    expect(new Headers(retry!.init?.headers).get('X-XSRF-TOKEN')).toBe('token-1')
    await waitFor(() => expect(screen.queryByText('SendMail')).toBeNull())
  })

  it('says what the backend said when the job was already retried, and reloads', async () => {
    retryAnswer = () => {
      failed = []
      return json({ message: 'No failed job with this id: it may have been retried already.' }, { status: 404 })
    }
    renderList()
    const table = await screen.findByRole('table')
    fireEvent.click(within(table).getByRole('button', { name: /^Retry/ }))
    expect(await screen.findByText('No failed job with this id: it may have been retried already.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('SendMail')).toBeNull())
  })

  it('is a card per job on a phone, with its Retry button', async () => {
    onPhone()
    renderList()
    const card = within(await screen.findByRole('list', { name: 'Failed jobs' })).getByRole('listitem')
    expect(within(card).getByText('To daniel@example.my: Your booking for MKS-24 was approved')).toBeTruthy()
    expect(within(card).getByText('Last error: connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy()
    expect(within(card).getByRole('button', { name: /^Retry/ })).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
