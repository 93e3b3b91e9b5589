import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DocumentAccesses } from './document-accesses'

afterEach(() => vi.unstubAllGlobals())

describe('DocumentAccesses', () => {
  it("lists who opened the booking's documents and when, from the booking's own endpoint", async () => {
    const fetchMock = vi.fn(async () =>
      Response.json([
        {
          id: 2,
          createdAt: '2025-03-04T02:15:00.000Z',
          documentType: 'ic_front',
          documentName: 'ic.png',
          action: 'download',
          userName: 'Aina Agent',
          userRole: 'agent_admin',
        },
        {
          id: 3,
          createdAt: '2025-03-05T02:15:00.000Z',
          documentType: 'ic_back',
          documentName: 'ic-back.png',
          action: 'export',
          userName: 'Daniel Tan',
          userRole: 'user',
        },
        {
          id: 4,
          createdAt: '2025-03-06T02:15:00.000Z',
          documentType: 'ic_front',
          documentName: 'ic.png',
          action: 'preview',
          userName: 'Aina Agent',
          userRole: 'agent_admin',
        },
        {
          id: 1,
          createdAt: '2025-03-03T02:15:00.000Z',
          documentType: 'fee_receipt',
          documentName: 'receipt.pdf',
          action: 'view',
          userName: 'Siti Admin',
          userRole: 'super_admin',
        },
      ])
    )
    vi.stubGlobal('fetch', fetchMock)
    render(<DocumentAccesses bookingId={12} />)
    expect(await screen.findByText('Aina Agent (agent admin) downloaded IC front')).toBeTruthy()
    expect(screen.getByText('Siti Admin (developer admin) viewed Fee receipt')).toBeTruthy()
    // A thumbnail drawn in a list, told apart from opening the document.
    expect(screen.getByText('Aina Agent (agent admin) saw a preview of IC front')).toBeTruthy()
    // A document read into the person's own "Download my data" ZIP.
    expect(screen.getByText('Daniel Tan (you) exported IC back in a data export')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledWith('/api/bookings/12/document-accesses', expect.anything())
  })

  it('says when nobody has opened them, and when the record cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([]))
    )
    const { unmount } = render(<DocumentAccesses bookingId={3} />)
    expect(await screen.findByText("Nobody has opened this booking's documents yet.")).toBeTruthy()
    unmount()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'nope' }, { status: 403 }))
    )
    render(<DocumentAccesses bookingId={3} />)
    expect(await screen.findByText(/could not be loaded/)).toBeTruthy()
  })
})
