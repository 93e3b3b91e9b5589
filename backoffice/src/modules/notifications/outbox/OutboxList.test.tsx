import { fireEvent, render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import type { OutboxEmail } from '../types'
import OutboxList from './OutboxList'

const fetchMock = vi.fn<typeof fetch>()

const kept: OutboxEmail = {
  id: 3,
  to: 'sales@aero-demo.my',
  subject: 'Website enquiry from Aina',
  text: 'Is lot MKS-07 still available?',
  html: '<p>Is lot MKS-07 still available?</p>',
  sentAt: '2025-03-04T02:15:00.000Z',
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://backoffice.test')
    if (url.pathname === '/api/admin/outbox') {
      return new Response(JSON.stringify([kept]), {
        headers: { 'Content-Type': 'application/json', 'Content-Range': 'outbox 0-0/1' },
      })
    }
    return new Response('{"message":"Not found"}', { status: 404 })
  })
})

describe('Outbox', () => {
  it('lists the kept emails, newest first; a row opens to its text', async () => {
    render(
      <MemoryRouter>
        <AdminContext
          dataProvider={createDataProvider({ endpoints: { 'admin/outbox': { list: 'admin/outbox' } } })}
          i18nProvider={defaultI18nProvider}
          store={memoryStore()}
        >
          <OutboxList />
        </AdminContext>
      </MemoryRouter>
    )
    const table = await screen.findByRole('table')
    const row = within(table).getAllByRole('row')[1]!
    expect(within(row).getByText('sales@aero-demo.my')).toBeTruthy()
    expect(within(row).getByText('Website enquiry from Aina')).toBeTruthy()
    expect(within(row).getByText('Mar 04, 2025, 10:15 AM MYT')).toBeTruthy()
    expect(screen.queryByText('Is lot MKS-07 still available?')).toBeNull()
    fireEvent.click(within(row).getByText('Website enquiry from Aina'))
    expect(await screen.findByText('Is lot MKS-07 still available?')).toBeTruthy()
    const [request] = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://backoffice.test'))
    expect(request!.searchParams.get('sort')).toBe('["sentAt","DESC"]')
  })
})
