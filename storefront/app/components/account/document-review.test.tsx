import { fireEvent, render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BookingDetails } from '~/components/account/booking-details'
import { BookingsPanel } from '~/components/account/bookings-panel'
import { DocumentReviewList } from '~/components/account/document-review'
import { CHEQUE_ACCEPT, IC_ACCEPT } from '~/components/booking/booking-rules'
import type { UserBooking } from '~/models/user-booking'
import { reviewedBooking, testBooking, testDocument } from '~/test/booking-fixture'
import { FakeXhr, useFakeXhr } from '~/test/fake-xhr'
import type { UploadAgainResult } from '~/utils/document-review'
import { bookingRow, countBookings } from '~/utils/user-bookings'

const PATH = '/enhanced-dashboard'

function renderList(booking: UserBooking, pageResult: UploadAgainResult | null = null) {
  const loader = vi.fn(() => null)
  const router = createMemoryRouter(
    [
      { path: PATH, loader, element: <DocumentReviewList booking={booking} pageResult={pageResult} /> },
      { path: '/login', element: <p>The login page</p> },
    ],
    { initialEntries: [`${PATH}?tab=bookings&status=pending&booking=${booking.id}`] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return { loader }
}

const item = (label: string) =>
  screen.getAllByRole('listitem').find((candidate) => within(candidate).queryByText(label, { selector: 'strong' }))!

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a booking’s documents with their reviews', () => {
  it('shows each document’s status, the rejection reason and who reviewed it when', async () => {
    renderList(reviewedBooking())
    await screen.findByRole('heading', { name: 'Documents' })

    const cheque = item('Payment cheque')
    expect(within(cheque).getByText('Rejected').className).toContain('status-badge--cancelled')
    expect(within(cheque).getByText('Reason: Amount unreadable')).toBeTruthy()
    expect(within(cheque).getByText('Rejected by Farid Hassan on Mar 05, 2026, 2:05 PM MYT')).toBeTruthy()
    expect(within(cheque).getByText('cheque-12.pdf', { selector: '.document-list__name' })).toBeTruthy()
    expect(within(cheque).getByRole('link', { name: /^View/ }).getAttribute('href')).toBe(
      '/api/uploads/documents/77/12'
    )

    const front = item('IC front')
    expect(within(front).getByText('Accepted').className).toContain('status-badge--approved')
    // The thumbnail asks for the preview (logged at most once in a while); View and Download are logged opens.
    expect(within(front).getByRole('img', { name: 'IC front preview' }).getAttribute('src')).toBe(
      '/api/uploads/documents/77/13?preview=1'
    )
    expect(within(front).getByRole('link', { name: /^View/ }).getAttribute('href')).toBe('/api/uploads/documents/77/13')
    expect(
      within(front)
        .getByRole('link', { name: /^Download/ })
        .getAttribute('href')
    ).toBe('/api/uploads/documents/77/13?download=1')
    expect(within(front).getByText('Accepted by Farid Hassan on Mar 05, 2026, 2:00 PM MYT')).toBeTruthy()

    const back = item('IC back')
    expect(within(back).getByText('Missing')).toBeTruthy()
    expect(within(back).getByText('Not uploaded.')).toBeTruthy()

    const other = item('Other document')
    expect(within(other).getByText('Pending review').className).toContain('status-badge--pending')
    expect(within(other).getByText('(optional)')).toBeTruthy()

    // What keeps the booking from going on, in the backend's words.
    expect(
      screen.getByText(
        'The payment cheque was rejected (Amount unreadable). It must be uploaded again before this booking can be forwarded.'
      )
    ).toBeTruthy()
    // The replaced cheque keeps its review on record.
    const earlier = screen.getByText('Earlier uploads (1)').closest('details')!
    expect(within(earlier).getByText('cheque-11.pdf', { selector: '.document-list__name' })).toBeTruthy()
    expect(within(earlier).getByText('Reason: Blurred photo')).toBeTruthy()
  })

  it('does not call a turned-down document optional: it is to be uploaded again', async () => {
    const booking = reviewedBooking()
    booking.documentReview = booking.documentReview!.map((entry) =>
      entry.documentType === 'other' ? { ...entry, status: 'rejected', reason: 'Unreadable scan' } : entry
    )
    renderList(booking)
    await screen.findByRole('heading', { name: 'Documents' })
    const other = item('Other document')
    expect(within(other).getByText('Reason: Unreadable scan')).toBeTruthy()
    expect(within(other).queryByText('(optional)')).toBeNull()
  })

  it('offers "Upload again" on a rejected document only, as a multipart post to the dashboard', async () => {
    renderList(reviewedBooking())
    await screen.findByRole('heading', { name: 'Documents' })
    const forms = screen.getAllByRole('form')
    expect(forms).toHaveLength(1)
    const form = screen.getByRole('form', { name: 'Upload the payment cheque again' })
    expect(item('Payment cheque').contains(form)).toBe(true)
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('enctype')).toBe('multipart/form-data')
    // Without JavaScript the form posts to the page's action, the booking and document in the address.
    expect(form.getAttribute('action')).toBe('/enhanced-dashboard?tab=bookings&status=pending&booking=77&upload=12')
    const input = within(form).getByLabelText(/^New payment cheque/)
    expect([input.getAttribute('name'), input.getAttribute('type'), input.getAttribute('accept')]).toEqual([
      'document',
      'file',
      CHEQUE_ACCEPT,
    ])
    expect(within(form).getByRole('button', { name: 'Upload again: payment cheque' })).toBeTruthy()
  })

  it('offers nothing to upload when the viewer may not replace documents (not theirs, or decided)', async () => {
    renderList(reviewedBooking({ canReplaceDocuments: false, status: 'rejected_by_agent' }))
    await screen.findByRole('heading', { name: 'Documents' })
    expect(screen.queryAllByRole('form')).toHaveLength(0)
    expect(screen.queryByRole('button', { name: /Upload again/ })).toBeNull()
    // Nobody is asked to act on it any more.
    expect(screen.queryByText(/must be uploaded again/)).toBeNull()
    expect(within(item('Payment cheque')).getByText('Reason: Amount unreadable')).toBeTruthy()
  })

  it('takes an IC side as an image, with the camera on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query }))
    vi.stubGlobal(
      'DataTransfer',
      class {
        files = []
      }
    )
    const booking = reviewedBooking()
    booking.documentReview![1] = {
      ...booking.documentReview![1]!,
      status: 'rejected',
      reason: 'Photo too dark',
    }
    renderList(booking)
    const form = await screen.findByRole('form', { name: 'Upload the IC front again' })
    expect(
      within(form)
        .getByLabelText(/^New IC front/)
        .getAttribute('accept')
    ).toBe(IC_ACCEPT)
    const camera = await within(form).findByLabelText('Take photo of the New IC front')
    expect([camera.getAttribute('accept'), camera.getAttribute('capture')]).toEqual(['image/*', 'environment'])
  })

  it('uploads with a progress bar, then says so and loads the booking again', async () => {
    useFakeXhr()
    const { loader } = renderList(reviewedBooking())
    const form = await screen.findByRole('form', { name: 'Upload the payment cheque again' })
    await vi.waitFor(() => expect(loader).toHaveBeenCalledTimes(1))
    fireEvent.change(within(form).getByLabelText(/^New payment cheque/), {
      target: { files: [new File(['%PDF-1.4'], 'cheque-again.pdf', { type: 'application/pdf' })] },
    })
    fireEvent.click(within(form).getByRole('button', { name: /Upload again/ }))

    const [request] = FakeXhr.sent
    expect(request!.method).toBe('POST')
    const url = new URL(request!.url)
    expect(url.pathname + url.search).toBe('/enhanced-dashboard.data?tab=bookings&status=pending&booking=77&upload=12')
    // The file field goes as the form has it (jsdom keeps a chosen file out of FormData).
    expect(request!.body!.has('document')).toBe(true)

    const bar = screen.getByRole('progressbar', { name: 'Uploading the document' })
    request!.progress(400, 1000)
    expect(bar.getAttribute('value')).toBe('40')
    expect(within(form).getByRole('button', { name: /Uploading…/ })).toHaveProperty('disabled', true)

    await request!.answer(201, {
      data: {
        intent: 'upload-document',
        ok: true,
        documentId: '12',
        message: 'Document uploaded. It will be reviewed again.',
        at: 1,
      },
    })
    expect(screen.getByRole('status').textContent).toBe('Document uploaded. It will be reviewed again.')
    expect(screen.queryByRole('progressbar')).toBeNull()
    await vi.waitFor(() => expect(loader).toHaveBeenCalledTimes(2))
  })

  it("shows the backend's refusal as written, and checks the file before sending it", async () => {
    useFakeXhr()
    renderList(reviewedBooking())
    const form = await screen.findByRole('form', { name: 'Upload the payment cheque again' })
    const input = within(form).getByLabelText(/^New payment cheque/)

    fireEvent.click(within(form).getByRole('button', { name: /Upload again/ }))
    expect(await within(form).findByText('Please choose the file to upload.')).toBeTruthy()
    fireEvent.change(input, { target: { files: [new File(['x'], 'cheque.docx', { type: 'application/msword' })] } })
    fireEvent.click(within(form).getByRole('button', { name: /Upload again/ }))
    expect(await within(form).findByText('The payment cheque must be a PDF, JPG or PNG file.')).toBeTruthy()
    expect(FakeXhr.sent).toHaveLength(0)

    fireEvent.change(input, { target: { files: [new File(['x'], 'cheque.png', { type: 'image/png' })] } })
    fireEvent.click(within(form).getByRole('button', { name: /Upload again/ }))
    await FakeXhr.sent[0]!.answer(409, {
      data: {
        intent: 'upload-document',
        ok: false,
        documentId: '12',
        message: 'Only a rejected document can be uploaded again.',
        at: 2,
      },
    })
    expect(within(form).getByText('Only a rejected document can be uploaded again.')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('status')).toBeNull()

    fireEvent.click(within(form).getByRole('button', { name: /Upload again/ }))
    await FakeXhr.sent[1]!.failNetwork()
    expect(within(form).getByText('Failed to upload the document. Please try again.')).toBeTruthy()
  })

  it("shows the page's answer to a post made without JavaScript", async () => {
    renderList(reviewedBooking(), {
      intent: 'upload-document',
      ok: false,
      documentId: '12',
      message: 'The payment cheque must be a PDF, JPG or PNG file.',
      at: 3,
    })
    const form = await screen.findByRole('form', { name: 'Upload the payment cheque again' })
    expect(within(form).getByText('The payment cheque must be a PDF, JPG or PNG file.')).toBeTruthy()
  })
})

describe('the booking details', () => {
  it('lists document reviews and new uploads in the history with their notes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 }))
    )
    const router = createMemoryRouter([{ path: PATH, element: <BookingDetails booking={reviewedBooking()} /> }], {
      initialEntries: [`${PATH}?booking=77`],
    })
    render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
    const history = (await screen.findByRole('heading', { name: 'Status history' })).parentElement!
    const lines = within(history)
      .getAllByRole('listitem')
      .map((line) => line.querySelector('.status-history__change')!.textContent)
    expect(lines).toEqual([
      'Pending Agency Approval',
      'Payment cheque rejected: Blurred photo',
      'Payment cheque uploaded again',
    ])
    expect(within(history).getByText(/Mar 05, 2026, 11:00 AM MYT by Farid Hassan/)).toBeTruthy()
  })

  it('draws a thumbnail from the preview address and links View to the document itself', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([]), { status: 200 }))
    )
    const booking = testBooking(78, 'pending_agent', {
      documentReview: undefined,
      documents: [testDocument(78, 21, 'ic_back')],
    })
    const router = createMemoryRouter([{ path: PATH, element: <BookingDetails booking={booking} /> }], {
      initialEntries: [`${PATH}?booking=78`],
    })
    render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
    const thumbnail = await screen.findByRole('img', { name: 'IC back preview' })
    expect(thumbnail.getAttribute('src')).toBe('/api/uploads/documents/78/21?preview=1')
    expect(screen.getByRole('link', { name: /^View/ }).getAttribute('href')).toBe('/api/uploads/documents/78/21')
  })
})

describe('My Bookings: a rejected document at a glance', () => {
  it('badges a pending booking with a rejected document, and finds it by searching "rejected"', async () => {
    const rejected = reviewedBooking()
    const twice = reviewedBooking({ id: 78, _id: 78, unitNumber: 'MKS-78', lotNumber: '78' })
    twice.documentReview = twice.documentReview!.map((entry) =>
      entry.documentType === 'ic_front' ? { ...entry, status: 'rejected', reason: 'Too dark' } : entry
    )
    const decided = reviewedBooking({
      id: 79,
      _id: 79,
      status: 'rejected_by_agent',
      unitNumber: 'MKS-79',
      lotNumber: '79',
    })
    const plain = testBooking(80, 'pending_agent')
    const bookings = [rejected, twice, decided, plain]
    expect(bookings.map((booking) => bookingRow(booking).documentAlert)).toEqual([
      'Document rejected',
      '2 documents rejected',
      null,
      null,
    ])

    const router = createMemoryRouter(
      [
        {
          path: PATH,
          element: <BookingsPanel rows={bookings.map(bookingRow)} counts={countBookings(bookings)} loadError={null} />,
        },
      ],
      { initialEntries: [`${PATH}?tab=bookings`] }
    )
    render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
    const table = await screen.findByRole('table', { name: 'My bookings' })
    const row = (unit: string) =>
      within(table)
        .getByRole('rowheader', { name: new RegExp(unit) })
        .closest('tr')!
    expect(within(row('MKS-77')).getByText('Document rejected').className).toContain('status-badge--cancelled')
    expect(within(row('MKS-78')).getByText('2 documents rejected')).toBeTruthy()
    expect(within(row('MKS-79')).queryByText(/rejected$/i, { selector: '.document-alert' })).toBeNull()
    expect(row('MKS-80').querySelector('.document-alert')).toBeNull()

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search bookings' }), {
      target: { value: 'document rejected' },
    })
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent)
    ).toEqual(['77MKS-77'])
  })
})
