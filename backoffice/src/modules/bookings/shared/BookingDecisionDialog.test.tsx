import { fireEvent, render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import type { Booking } from '../types'
import { BookingDecisionDialog } from './BookingDecisionDialog'
import { bookingWithDocuments } from './bookingFixture'
import { ADMIN_SIDE, AGENT_SIDE } from './bookingSides'

const fetchMock = vi.fn<typeof fetch>()

const renderInAdmin = (ui: React.ReactNode) =>
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        {ui}
      </AdminContext>
    </MemoryRouter>
  )

/** The dialog's Uploaded Documents: each group with View and Download of its files. */
function expectDocumentsIn(dialog: HTMLElement) {
  const documents = within(dialog).getByRole('region', { name: 'Uploaded Documents' })
  const cheque = within(documents).getByRole('region', { name: 'Payment Cheque' })
  expect(within(cheque).getByRole('link', { name: 'View Cheque' }).getAttribute('href')).toBe(
    '/api/uploads/documents/41/1'
  )
  expect(within(cheque).getByRole('link', { name: 'Download Cheque' }).getAttribute('href')).toBe(
    '/api/uploads/documents/41/1?download=1'
  )
  const ic = within(documents).getByRole('region', { name: 'Identity Card (front/back)' })
  expect(within(ic).getByRole('link', { name: 'View IC front' }).getAttribute('href')).toBe(
    '/api/uploads/documents/41/2'
  )
  expect(within(ic).getByRole('link', { name: 'Download IC back' }).getAttribute('href')).toBe(
    '/api/uploads/documents/41/3?download=1'
  )
  // jpg, jpeg and png are previewed; PDFs are not.
  expect(within(ic).getByRole('img', { name: 'IC front preview' })).toBeTruthy()
  expect(within(cheque).queryByRole('img')).toBeNull()
  const other = within(documents).getByRole('region', { name: 'Other Documents' })
  expect(within(other).getByText('letter.pdf')).toBeTruthy()
  expect(within(other).getByRole('link', { name: 'View Document' })).toBeTruthy()
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

describe("the agent admin's Process dialog", () => {
  it('shows the request and its documents before approve or reject', async () => {
    renderInAdmin(
      <BookingDecisionDialog side={AGENT_SIDE} booking={bookingWithDocuments()} onClose={() => undefined} />
    )

    const dialog = await screen.findByRole('dialog', { name: 'Process Booking Request' })
    expect(within(dialog).getByRole('region', { name: 'Client Information' }).textContent).toContain('Mei Ling')
    expectDocumentsIn(dialog)
    expect(within(dialog).getByRole('radio', { name: /Approve/ })).toBeTruthy()
    expect(within(dialog).getByRole('radio', { name: /Reject/ })).toBeTruthy()
  })

  it('asks for a choice, then sends it with the notes', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ id: 41, status: 'pending_admin', message: 'Booking request approved and forwarded to admin' })
      )
    )
    const onClose = vi.fn()
    renderInAdmin(<BookingDecisionDialog side={AGENT_SIDE} booking={bookingWithDocuments()} onClose={onClose} />)
    const dialog = await screen.findByRole('dialog', { name: 'Process Booking Request' })

    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Response' }))
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select an action (approve or reject)')
    expect(fetchMock).not.toHaveBeenCalled()

    fireEvent.click(within(dialog).getByRole('radio', { name: /Approve/ }))
    fireEvent.change(within(dialog).getByLabelText('Notes (optional)'), { target: { value: 'Deposit received.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Response' }))

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toBe('/api/bookings/41/agent-response')
    expect(JSON.parse(String(init?.body))).toEqual({ action: 'approve', agentNotes: 'Deposit received.' })
  })

  it('offers only the answers the booking allows', async () => {
    renderInAdmin(
      <BookingDecisionDialog
        side={AGENT_SIDE}
        booking={bookingWithDocuments({ allowedActions: ['reject'] })}
        onClose={() => undefined}
      />
    )
    const dialog = await screen.findByRole('dialog', { name: 'Process Booking Request' })
    expect(within(dialog).getByRole('radio', { name: /Reject/ })).toBeTruthy()
    expect(within(dialog).queryByRole('radio', { name: /Approve/ })).toBeNull()
  })
})

describe("the super admin's Process dialog", () => {
  const forwarded: Booking = bookingWithDocuments({
    status: 'pending_admin',
    allowedActions: ['booked', 'sold', 'reject'],
  })

  it('shows the request and its documents before booked, sold or reject', async () => {
    renderInAdmin(<BookingDecisionDialog side={ADMIN_SIDE} booking={forwarded} onClose={() => undefined} />)

    const dialog = await screen.findByRole('dialog', { name: 'Process Booking Request' })
    expect(within(dialog).getByRole('region', { name: 'Property Information' }).textContent).toContain(
      'AIH-B12 · Lot 12'
    )
    expectDocumentsIn(dialog)
    for (const choice of [/Booked/, /Sold/, /Reject/])
      expect(within(dialog).getByRole('radio', { name: choice })).toBeTruthy()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select an action (booked, sold, or reject)')
  })

  it('offers only what the booking allows: a booked one is sold or rejected, never booked again', async () => {
    const booked = bookingWithDocuments({ status: 'approved', allowedActions: ['sold', 'reject'] })
    renderInAdmin(<BookingDecisionDialog side={ADMIN_SIDE} booking={booked} onClose={() => undefined} />)
    const dialog = await screen.findByRole('dialog', { name: 'Process Booking Request' })
    expect(within(dialog).queryByRole('radio', { name: /Booked/ })).toBeNull()
    expect(within(dialog).getByRole('radio', { name: /Sold/ })).toBeTruthy()
    expect(within(dialog).getByRole('radio', { name: /Reject/ })).toBeTruthy()
  })

  it('shows the decisions a rejected document holds back disabled, each with the reason the backend gives', async () => {
    const reason = 'The IC (back) was rejected (Cut off). It must be uploaded again before this booking can be booked.'
    const held = bookingWithDocuments({
      status: 'pending_admin',
      allowedActions: ['reject'],
      blockedActions: [
        { action: 'booked', reason },
        { action: 'sold', reason: reason.replace('be booked', 'be marked as sold') },
      ],
    })
    renderInAdmin(<BookingDecisionDialog side={ADMIN_SIDE} booking={held} onClose={() => undefined} />)
    const dialog = await screen.findByRole('dialog', { name: 'Process Booking Request' })
    const booked = within(dialog).getByRole('radio', { name: /Booked/ }) as HTMLInputElement
    expect(booked.disabled).toBe(true)
    expect(document.getElementById(booked.getAttribute('aria-describedby')!)!.textContent).toBe(reason)
    expect((within(dialog).getByRole('radio', { name: /Sold/ }) as HTMLInputElement).disabled).toBe(true)
    expect((within(dialog).getByRole('radio', { name: /Reject/ }) as HTMLInputElement).disabled).toBe(false)
  })

  it("sends the super admin's Reject to the status update, not to the agent's response", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 41, message: 'Booking rejected.' })))
    const onClose = vi.fn()
    renderInAdmin(<BookingDecisionDialog side={ADMIN_SIDE} booking={forwarded} onClose={onClose} />)
    const dialog = await screen.findByRole('dialog', { name: 'Process Booking Request' })

    fireEvent.click(within(dialog).getByRole('radio', { name: /Reject/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }))

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toBe('/api/bookings/41/status-update')
    expect(JSON.parse(String(init?.body))).toMatchObject({ status: 'rejected' })
  })
})
