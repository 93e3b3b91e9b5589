import type { ReactNode } from 'react'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, Notification, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { AGENT_BOOKINGS_ENDPOINT, AGENT_BOOKINGS_RESOURCE } from '../agent/types'
import type { Booking } from '../types'
import { BookingDecisionDialog } from './BookingDecisionDialog'
import { BookingDetailsDialog } from './BookingDetailsDialog'
import { BookingDocumentsSection } from './BookingDocumentsSection'
import { bookingUnderReview } from './bookingFixture'
import { REASON_REQUIRED } from './DocumentReview'
import { AGENT_SIDE } from './bookingSides'

const fetchMock = vi.fn<typeof fetch>()

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function renderInAdmin(ui: ReactNode) {
  return render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { [AGENT_BOOKINGS_RESOURCE]: AGENT_BOOKINGS_ENDPOINT } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        {ui}
        <Notification />
      </AdminContext>
    </MemoryRouter>
  )
}

/** The booking after its IC front was accepted: nothing else changed. */
function withIcFrontAccepted(booking: Booking): Booking {
  return {
    ...booking,
    documentReview: booking.documentReview!.map((entry) =>
      entry.documentType === 'ic_front'
        ? { ...entry, status: 'accepted', reviewedBy: 'Farid Hassan', reviewedAt: '2024-05-01T12:00:00.000Z' }
        : entry
    ),
  }
}

const documentsRegion = () => screen.getByRole('region', { name: 'Uploaded Documents' })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

describe("a booking's documents, reviewed one by one", () => {
  it("shows each document's status, reason, reviewer, the missing ones and the uploads replaced", () => {
    renderInAdmin(<BookingDocumentsSection documents={bookingUnderReview().documents} booking={bookingUnderReview()} />)

    const cheque = within(documentsRegion()).getByRole('region', { name: 'Payment Cheque' })
    expect(within(cheque).getByText('Accepted')).toBeTruthy()
    expect(within(cheque).getByText(/^By Farid Hassan, May 01, 2024/)).toBeTruthy()
    expect(within(cheque).queryByRole('button', { name: 'Accept Cheque' })).toBeNull()
    expect(within(cheque).getByRole('button', { name: 'Reject Cheque' })).toBeTruthy()

    const identity = within(documentsRegion()).getByRole('region', { name: 'Identity Card (front/back)' })
    expect(within(identity).getByText('Pending review')).toBeTruthy()
    expect(within(identity).getByRole('button', { name: 'Accept IC front' })).toBeTruthy()
    // The IC back shown is the newer upload, rejected with its reason.
    expect(within(identity).getByRole('link', { name: 'View IC back' }).getAttribute('href')).toBe(
      '/api/uploads/documents/41/5'
    )
    expect(within(identity).getByText('Rejected')).toBeTruthy()
    expect(within(identity).getByText('Reason: Blurry photo')).toBeTruthy()
    expect(within(identity).getByRole('button', { name: 'Accept IC back' })).toBeTruthy()
    expect(within(identity).queryByRole('button', { name: 'Reject IC back' })).toBeNull()
    // The first upload it replaced keeps its own review.
    const earlier = within(identity).getByRole('list', { name: 'Earlier uploads' })
    expect(earlier.textContent).toContain('ic-back.jpg · Rejected: Too dark to read (Farid Hassan)')
    expect(within(earlier).getByRole('link', { name: 'View earlier IC back' }).getAttribute('href')).toBe(
      '/api/uploads/documents/41/3'
    )

    const other = within(documentsRegion()).getByRole('region', { name: 'Other Documents' })
    expect(within(other).getByText('Missing')).toBeTruthy()
    expect(within(other).getByText('Not uploaded')).toBeTruthy()
    expect(within(other).queryByRole('button')).toBeNull()
  })

  it('offers no review to a viewer who does not review this booking now', () => {
    const booking = bookingUnderReview({ canReviewDocuments: false })
    renderInAdmin(<BookingDocumentsSection documents={booking.documents} booking={booking} />)
    expect(within(documentsRegion()).getByText('Pending review')).toBeTruthy()
    expect(within(documentsRegion()).queryByRole('button', { name: /^(Accept|Reject) / })).toBeNull()
  })

  it('accepts a document with PUT /api/bookings/:id/documents/:documentId/review', async () => {
    fetchMock.mockResolvedValue(json(withIcFrontAccepted(bookingUnderReview())))
    const onReviewed = vi.fn()
    renderInAdmin(
      <BookingDocumentsSection
        documents={bookingUnderReview().documents}
        booking={bookingUnderReview()}
        onReviewed={onReviewed}
      />
    )
    fireEvent.click(screen.getByRole('button', { name: 'Accept IC front' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toBe('/api/bookings/41/documents/2/review')
    expect(init?.method).toBe('PUT')
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'accepted' })
    expect(await screen.findByText('IC (front) accepted.')).toBeTruthy()
    expect(onReviewed).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }))
  })

  it('rejects a document only with a reason, and shows the refusal on the field', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          message: 'The reason must be at most 500 characters.',
          errors: [{ field: 'reason', message: 'The reason must be at most 500 characters.' }],
        },
        422
      )
    )
    renderInAdmin(<BookingDocumentsSection documents={bookingUnderReview().documents} booking={bookingUnderReview()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Reject IC front' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject IC (front)' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject document' }))
    expect(await within(dialog).findByText(REASON_REQUIRED)).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()

    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: '  Photo cut off at the edge  ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject document' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toBe('/api/bookings/41/documents/2/review')
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'rejected', reason: 'Photo cut off at the edge' })
    expect((await screen.findAllByText('The reason must be at most 500 characters.')).length).toBeGreaterThan(0)
    // Refused: the dialog stays open with the reason typed.
    expect(screen.getByRole('dialog', { name: 'Reject IC (front)' })).toBeTruthy()
  })
})

describe('the block on forwarding while a required document is rejected', () => {
  it("says what blocks the agent's Approve on the button itself, as the backend answers it", async () => {
    const base = bookingUnderReview()
    const refusal = base.documentsBlocking!
    const booking: Booking = {
      ...base,
      allowedActions: ['reject'],
      blockedActions: [{ action: 'approve', reason: refusal }],
    }
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PUT' ? json({ message: refusal }, 409) : json(booking)
    )
    renderInAdmin(<BookingDetailsDialog side={AGENT_SIDE} id={41} onClose={() => undefined} />)
    const dialog = await screen.findByRole('dialog', { name: /Booking Request Details/ })
    const block = await within(dialog).findByRole('status', { name: 'Documents to resolve' })
    expect(block.textContent).toBe(refusal)
    // The history lists the document's review and its upload again beside the status changes.
    const history = within(dialog).getByRole('region', { name: 'Status History' })
    expect(history.textContent).toContain('IC (back) rejected: Too dark to read (by Farid Hassan)')
    expect(history.textContent).toContain('IC (back) uploaded again (by Mei Ling)')
    expect(history.textContent).toContain('Pending Agent by Mei Ling (Booking requested)')

    // Approve cannot be pressed, and says why where it stands; Reject still can.
    const approve = within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement
    expect(approve.disabled).toBe(true)
    expect(document.getElementById(approve.getAttribute('aria-describedby')!)!.textContent).toBe(refusal)
    expect((within(dialog).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(approve)
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/bookings/41/agent-response')).toBe(false)
    // Still waiting for the agent's answer: no response section yet.
    expect(within(dialog).queryByRole('region', { name: 'Response Information' })).toBeNull()
  })

  it('shows the block above the decision in the Process dialog, and the review there updates it', async () => {
    const booking = bookingUnderReview({ documentsBlocking: 'The IC (front) is missing. It must be uploaded first.' })
    fetchMock.mockResolvedValue(json({ ...withIcFrontAccepted(booking), documentsBlocking: null }))
    renderInAdmin(<BookingDecisionDialog side={AGENT_SIDE} booking={booking} onClose={() => undefined} />)
    const dialog = await screen.findByRole('dialog', { name: 'Process Booking Request' })
    expect(within(dialog).getByRole('status', { name: 'Documents to resolve' }).textContent).toBe(
      'The IC (front) is missing. It must be uploaded first.'
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept IC front' }))
    await waitFor(() => expect(within(dialog).queryByRole('status', { name: 'Documents to resolve' })).toBeNull())
    expect(within(dialog).queryByText('Pending review')).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Accept IC front' })).toBeNull()
  })
})
