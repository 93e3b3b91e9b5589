import { render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { AgentBookingPanel } from '~/components/booking/agent-booking-form'
import type { AgentBookingPageData } from '~/components/booking/agent-booking-form'
import { BookingPanel } from '~/components/booking/booking-panel'
import type { BookingLot, BookingPageData } from '~/components/booking/booking-types'
import { bumiputeraOf } from '~/utils/bumiputera'
import type { BumiputeraStatus } from '~/utils/bumiputera'

// The backend's refusal, word for word (backend/app/inventory/bumiputera.ts).
const QUOTA_REFUSAL =
  "This lot is reserved for Bumiputera buyers. The buyer's Bumiputera status must be verified before it can be booked."

const NOTICE = { version: 3, body: 'Why we ask: to verify the buyer and the payment.' }

function bookingLot(bumiputeraReserved?: boolean): BookingLot {
  return {
    id: 106,
    lotNumber: '6',
    unitNumber: 'MKS-06',
    title: null,
    type: 'INTERMEDIATE (B)',
    typeCode: 'B',
    landSize: 186,
    builtUpArea: 250,
    price: 456_000,
    priceSen: 45_600_000,
    status: 'available',
    bumiputeraReserved,
  }
}

function renderRoute(element: JSX.Element) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] })
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

function renderMemberForm(status: BumiputeraStatus, bumiputeraReserved = true) {
  const data: BookingPageData = {
    lot: bookingLot(bumiputeraReserved),
    requester: 'member',
    blocked: null,
    defaults: { name: 'Nur Aisyah', email: 'aisyah@example.my', phone: '' },
    notice: NOTICE,
    agencies: [],
    returnTo: '/aero-industrial-hub',
    packages: null,
    buyer: bumiputeraOf({ bumiputeraStatus: status }),
  }
  renderRoute(<BookingPanel data={data} headingId="title" headingLevel={1} />)
}

const notice = () => document.querySelector<HTMLElement>('[data-bumiputera-notice]')
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit booking request' })

describe("the member's booking form for a Bumiputera quota lot", () => {
  it('tells a verified buyer it is a Bumiputera lot and the discount applies', () => {
    renderMemberForm('verified')
    expect(notice()?.textContent).toBe(
      'This is a Bumiputera lot. You are a verified Bumiputera buyer: the Bumiputera discount applies.'
    )
    expect(screen.queryByText(QUOTA_REFUSAL)).toBeNull()
    // Above the form, not in it.
    const form = document.querySelector('form.booking-form')!
    expect(notice()!.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(form.contains(notice())).toBe(false)
  })

  for (const status of ['none', 'rejected'] as const) {
    it(`gives a buyer whose status is ${status} the backend's refusal and the way to declare it`, () => {
      renderMemberForm(status)
      const shown = notice()!
      expect(within(shown).getByText(QUOTA_REFUSAL)).toBeTruthy()
      const link = within(shown).getByRole('link', { name: 'Declare your Bumiputera status on your profile' })
      expect(link.getAttribute('href')).toBe('/profile#bumiputera-title')
      // The backend decides on the request (a status verified meanwhile counts): the form stays open.
      expect(submit().disabled).toBe(false)
    })
  }

  it('tells a buyer whose declaration awaits verification that it does, with a link to their status', () => {
    renderMemberForm('declared')
    const shown = notice()!
    expect(within(shown).getByText(QUOTA_REFUSAL)).toBeTruthy()
    expect(within(shown).getByText(/waiting for staff to verify it/)).toBeTruthy()
    expect(
      within(shown).getByRole('link', { name: 'See your Bumiputera status on your profile' }).getAttribute('href')
    ).toBe('/profile#bumiputera-title')
    expect(submit().disabled).toBe(false)
  })

  it('shows no notice on a lot that is not a quota lot, nor its mark', () => {
    renderMemberForm('none', false)
    expect(notice()).toBeNull()
    expect(screen.queryByText('Bumiputera lot')).toBeNull()
  })

  it("marks the lot in the form's lot summary", () => {
    renderMemberForm('verified')
    const status = screen.getByText('Status').nextElementSibling as HTMLElement
    expect(within(status).getByText('Bumiputera lot')).toBeTruthy()
  })
})

describe("the agent admin's booking form for a Bumiputera quota lot", () => {
  function renderAgentForm(bumiputeraReserved: boolean) {
    const data: AgentBookingPageData = {
      lot: bookingLot(bumiputeraReserved),
      available: true,
      defaults: { agentName: 'Farid Hassan', email: 'agent@aero-demo.my', phone: '+60 13-220 8765' },
      notice: NOTICE,
      returnTo: '/properties/aeroindustrial/type/B',
    }
    renderRoute(<AgentBookingPanel data={data} headingId="title" headingLevel={1} />)
  }

  it("only informs: the client's status is not known here, so no link and the form stays open", () => {
    renderAgentForm(true)
    const shown = notice()!
    expect(shown.textContent).toBe(QUOTA_REFUSAL)
    expect(within(shown).queryByRole('link')).toBeNull()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Submit/ }).disabled).toBe(false)
    expect(document.querySelector('form.booking-form')!.contains(shown)).toBe(false)
  })

  it('shows nothing on a lot that is not a quota lot', () => {
    renderAgentForm(false)
    expect(notice()).toBeNull()
  })
})
