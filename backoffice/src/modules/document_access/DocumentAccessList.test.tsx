import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../dataProvider'
import type { DocumentAccess } from './types'
import { accessActionLabel, documentAccessExportUrl } from './types'
import DocumentAccessList from './DocumentAccessList'

const fetchMock = vi.fn<typeof fetch>()

const download: DocumentAccess = {
  id: 7,
  _id: 7,
  createdAt: '2025-03-04T02:15:00.000Z',
  bookingId: 12,
  documentId: 30,
  documentType: 'ic_front',
  documentName: 'ic.png',
  action: 'download',
  userId: 3,
  userName: 'Aina Agent',
  userEmail: 'aina@agency.my',
  userRole: 'agent_admin',
  ip: '203.0.113.9',
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    if (path === '/api/document-accesses') {
      return new Response(JSON.stringify([download]), {
        headers: { 'Content-Type': 'application/json', 'Content-Range': 'document-accesses 0-0/1' },
      })
    }
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
  })
})

const renderList = () =>
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { 'admin/document-accesses': { list: 'document-accesses' } } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <DocumentAccessList />
      </AdminContext>
    </MemoryRouter>
  )

const listRequests = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://backoffice.test'))
    .filter((url) => url.pathname === '/api/document-accesses')

describe('Document Access', () => {
  it('lists who opened which document of which booking, when and from where, newest first', async () => {
    renderList()
    const table = await screen.findByRole('table')
    const row = within(table).getAllByRole('row')[1]
    expect(within(row).getByText('Aina Agent (Agent Admin)')).toBeTruthy()
    expect(within(row).getByText('aina@agency.my')).toBeTruthy()
    expect(within(row).getByText('Downloaded')).toBeTruthy()
    expect(within(row).getByText('IC front: ic.png')).toBeTruthy()
    expect(within(row).getByText('#12')).toBeTruthy()
    expect(within(row).getByText('203.0.113.9')).toBeTruthy()
    expect(listRequests()[0].searchParams.get('sort')).toBe('["createdAt","DESC"]')
  })

  it("names a document read into its owner's personal-data export", () => {
    expect(accessActionLabel('export')).toBe('Exported (own data)')
  })

  it('tells a thumbnail drawn in a list apart from a document opened', () => {
    expect(accessActionLabel('preview')).toBe('Previewed (thumbnail)')
    expect(accessActionLabel('view')).toBe('Viewed')
  })

  it('sends the filters to the backend, and exports what they select', async () => {
    renderList()
    await screen.findByRole('table')
    fireEvent.change(screen.getByLabelText('Booking ID'), { target: { value: '12' } })
    await waitFor(() =>
      expect(JSON.parse(listRequests().at(-1)!.searchParams.get('filter')!)).toMatchObject({ bookingId: 12 })
    )
    expect(screen.getByLabelText('Document')).toBeTruthy()
    expect(screen.getByLabelText('From')).toBeTruthy()
    expect(documentAccessExportUrl({ bookingId: 12 })).toBe(
      '/api/document-accesses/export.csv?filter=%7B%22bookingId%22%3A12%7D'
    )
  })
})
