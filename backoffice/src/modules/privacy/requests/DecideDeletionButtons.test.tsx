import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import type { DeletionRequest } from '../types'
import DecideDeletionButtons, { DECIDE_LABELS } from './DecideDeletionButtons'

const fetchMock = vi.fn<typeof fetch>()
const calls: Array<{ url: string; method: string; body: unknown }> = []

const pending: DeletionRequest = {
  id: 5,
  userId: 12,
  user: 'Daniel Tan (daniel@example.my)',
  reason: 'Moving abroad',
  status: 'pending',
  createdAt: '2026-01-05T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  declineReason: null,
}

beforeEach(() => {
  calls.length = 0
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ url: String(input), method: init?.method ?? 'GET', body })
    return new Response(JSON.stringify({ ...pending, status: 'confirmed', message: 'Done' }), {
      headers: { 'Content-Type': 'application/json' },
    })
  })
})

const renderButtons = (record: DeletionRequest) =>
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider({
          endpoints: { 'admin/account-deletion-requests': { list: 'account-deletion-requests' } },
        })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <DecideDeletionButtons record={record} />
      </AdminContext>
    </MemoryRouter>
  )

describe('answering a deletion request', () => {
  it('confirms only after the warning, with PUT /api/account-deletion-requests/:id', async () => {
    renderButtons(pending)
    fireEvent.click(screen.getByRole('button', { name: DECIDE_LABELS.confirm }))
    const dialog = screen.getByRole('dialog', { name: DECIDE_LABELS.confirmTitle })
    expect(within(dialog).getByText(DECIDE_LABELS.confirmText)).toBeTruthy()
    expect(calls).toHaveLength(0)
    fireEvent.click(within(dialog).getByRole('button', { name: DECIDE_LABELS.confirm }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      url: '/api/account-deletion-requests/5',
      method: 'PUT',
      body: { decision: 'confirm' },
    })
  })

  it('declines only with a reason', async () => {
    renderButtons(pending)
    fireEvent.click(screen.getByRole('button', { name: DECIDE_LABELS.decline }))
    const dialog = screen.getByRole('dialog', { name: DECIDE_LABELS.declineTitle })
    fireEvent.click(within(dialog).getByRole('button', { name: DECIDE_LABELS.decline }))
    expect(within(dialog).getByText(DECIDE_LABELS.reasonRequired)).toBeTruthy()
    expect(calls).toHaveLength(0)
    fireEvent.change(within(dialog).getByLabelText(DECIDE_LABELS.declineReason), {
      target: { value: 'An open sale must complete first' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: DECIDE_LABELS.decline }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ decision: 'decline', declineReason: 'An open sale must complete first' })
  })

  it('offers nothing on an answered request', () => {
    renderButtons({ ...pending, status: 'declined', declineReason: 'No' })
    expect(screen.queryByRole('button', { name: DECIDE_LABELS.confirm })).toBeNull()
  })
})
