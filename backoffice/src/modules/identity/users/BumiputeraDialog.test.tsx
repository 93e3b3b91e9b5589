import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import BumiputeraDialog from './BumiputeraDialog'

const fetchMock = vi.fn<typeof fetch>()
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const calls: Array<{ method: string; path: string; body: unknown }> = []
let refuse = false

beforeEach(() => {
  calls.length = 0
  refuse = false
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    const method = init?.method ?? 'GET'
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    if (method === 'PUT') {
      if (refuse) return json({ message: 'You cannot decide your own Bumiputera status.' }, 403)
      return json({ message: 'Bumiputera status verified.', userId: 7, bumiputeraStatus: 'verified' })
    }
    return json({
      userId: 7,
      name: 'Aisyah',
      bumiputeraStatus: 'declared',
      bumiputeraKind: 'individual',
      bumiputeraVerifiedBy: null,
      bumiputeraVerifiedByName: null,
      bumiputeraVerifiedAt: null,
      data: [
        {
          id: 3,
          name: 'ic.pdf',
          url: '/api/users/7/bumiputera/evidence/3',
          downloadUrl: '/api/users/7/bumiputera/evidence/3?download=1',
          deletedAt: null,
        },
      ],
    })
  })
})

const renderDialog = (onClose = vi.fn()) =>
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <BumiputeraDialog userId={7} onClose={onClose} />
      </AdminContext>
    </MemoryRouter>
  )

describe('Users: deciding a Bumiputera status', () => {
  it('shows the status, kind and evidence links, and verifies', async () => {
    const onClose = vi.fn()
    renderDialog(onClose)
    expect(await screen.findByText('Status: Awaiting verification')).toBeTruthy()
    expect(screen.getByText('Kind: Individual')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View ic.pdf' }).getAttribute('href')).toBe(
      '/api/users/7/bumiputera/evidence/3'
    )
    expect(screen.getByRole('link', { name: 'Download ic.pdf' }).getAttribute('href')).toBe(
      '/api/users/7/bumiputera/evidence/3?download=1'
    )
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(calls.at(-1)).toEqual({ method: 'PUT', path: '/api/users/7/bumiputera', body: { status: 'verified' } })
  })

  it("shows the backend's refusal and stays open", async () => {
    refuse = true
    const onClose = vi.fn()
    renderDialog(onClose)
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('You cannot decide your own Bumiputera status.')).toBeTruthy()
    expect(calls.at(-1)).toEqual({ method: 'PUT', path: '/api/users/7/bumiputera', body: { status: 'rejected' } })
    expect(onClose).not.toHaveBeenCalled()
  })
})
