import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { BookingFeeSection } from './BookingFeeSection'
import type { BookingFee } from './types'

const fetchMock = vi.fn<typeof fetch>()

const FEE: BookingFee = {
  id: 3,
  bookingId: 41,
  amount: 5000,
  method: 'bank_transfer',
  reference: 'MBB-778812',
  status: 'received',
  receivedOn: '2025-03-04',
  refundedOn: null,
  refundReason: null,
  receipt: {
    name: 'receipt.pdf',
    mimeType: 'application/pdf',
    size: 100,
    url: '/api/bookings/41/fee/receipt',
    downloadUrl: '/api/bookings/41/fee/receipt?download=1',
  },
}

function renderSection(booking: Parameters<typeof BookingFeeSection>[0]['booking']) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <BookingFeeSection booking={booking} />
      </AdminContext>
    </MemoryRouter>
  )
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

describe('the Booking Fee section', () => {
  it('shows the fee on record with its receipt, in RM', () => {
    renderSection({ id: 41, status: 'pending_admin', fee: FEE })
    const section = screen.getByRole('region', { name: 'Booking Fee' })
    expect(section.textContent).toContain('RM 5,000')
    expect(section.textContent).toContain('Bank transfer')
    expect(section.textContent).toContain('MBB-778812')
    expect(section.textContent).toContain('Received')
    expect(within(section).getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe(
      '/api/bookings/41/fee/receipt'
    )
    expect(within(section).getByRole('button', { name: 'Edit Fee' })).toBeTruthy()
    // A pending booking's fee is not refundable.
    expect(within(section).queryByRole('button', { name: 'Record Refund' })).toBeNull()
  })

  it("shows the buyer's Bumiputera status and the discount applied beside the receipt", () => {
    const { unmount } = renderSection({
      id: 41,
      status: 'approved',
      fee: FEE,
      user: { bumiputeraStatus: 'verified' },
      discountSen: 3_500_050,
      packages: [{ name: 'Bumiputera discount 7%' }],
    })
    const section = screen.getByRole('region', { name: 'Booking Fee' })
    expect(within(section).getByText("Buyer's Bumiputera Status").nextSibling?.textContent).toBe('Verified')
    expect(within(section).getByText('Discount Applied').nextSibling?.textContent).toBe(
      'RM 35,000.50 (Bumiputera discount 7%)'
    )
    unmount()

    renderSection({ id: 42, status: 'pending_admin', fee: FEE, user: { bumiputeraStatus: 'declared' }, discountSen: 0 })
    const plain = screen.getByRole('region', { name: 'Booking Fee' })
    expect(within(plain).getByText("Buyer's Bumiputera Status").nextSibling?.textContent).toBe(
      'Declared, not yet verified'
    )
    expect(within(plain).getByText('Discount Applied').nextSibling?.textContent).toBe('None')
  })

  it('says when no fee is recorded, and checks the form before sending', async () => {
    renderSection({ id: 41, status: 'pending_admin', fee: null })
    expect(screen.getByText('No booking fee recorded yet.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Record Fee' }))
    fireEvent.change(screen.getByLabelText(/Amount \(RM\)/), { target: { value: '12.50' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Fee' }))
    expect(await screen.findByText('The amount must be a whole number of RM')).toBeTruthy()
    expect(screen.getByText('Please choose how the fee was paid')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('records a fee with PUT /api/bookings/:id/fee and shows the answer', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Booking fee recorded', ...FEE, amount: 8000, receipt: null }))
    renderSection({ id: 41, status: 'pending_admin', fee: null })
    fireEvent.click(screen.getByRole('button', { name: 'Record Fee' }))
    const form = screen.getByRole('form', { name: 'Booking fee form' })
    fireEvent.change(within(form).getByLabelText(/Amount \(RM\)/), { target: { value: '8000' } })
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /Method/ }))
    fireEvent.click(await screen.findByRole('option', { name: 'Cash' }))
    fireEvent.click(within(form).getByRole('button', { name: 'Save Fee' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0]
    expect(String(url)).toBe('/api/bookings/41/fee')
    expect(init?.method).toBe('PUT')
    const body = init?.body as FormData
    expect(body.get('amount')).toBe('8000')
    expect(body.get('method')).toBe('cash')
    expect(body.get('status')).toBe('expected')
    expect(await screen.findByText('RM 8,000')).toBeTruthy()
  })

  it('shows the backend refusal on the field', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          message: 'The receipt must be a PDF, JPG or PNG file.',
          errors: [{ field: 'receipt', message: 'The receipt must be a PDF, JPG or PNG file.' }],
        },
        422
      )
    )
    renderSection({ id: 41, status: 'pending_admin', fee: FEE })
    fireEvent.click(screen.getByRole('button', { name: 'Edit Fee' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save Fee' }))
    expect((await screen.findAllByText('The receipt must be a PDF, JPG or PNG file.')).length).toBeGreaterThan(0)
  })

  it('offers a refund only for a received fee of a rejected or cancelled booking, with date and reason', async () => {
    fetchMock.mockResolvedValue(
      json({
        message: 'Booking fee refund recorded',
        ...FEE,
        status: 'refunded',
        refundedOn: '2025-03-10',
        refundReason: 'Booking rejected',
      })
    )
    renderSection({ id: 41, status: 'rejected', fee: FEE })
    fireEvent.click(screen.getByRole('button', { name: 'Record Refund' }))
    const form = screen.getByRole('form', { name: 'Refund form' })
    fireEvent.click(within(form).getByRole('button', { name: 'Record Refund' }))
    expect(await screen.findByText('A reason is required to record a refund')).toBeTruthy()
    fireEvent.change(within(form).getByLabelText(/Refund Reason/), { target: { value: 'Booking rejected' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Record Refund' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0]
    expect(String(url)).toBe('/api/bookings/41/fee/refund')
    expect(JSON.parse(String(init?.body))).toMatchObject({ reason: 'Booking rejected' })
    expect(await screen.findByText('Booking rejected')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Edit Fee' })).toBeNull()
  })
})
