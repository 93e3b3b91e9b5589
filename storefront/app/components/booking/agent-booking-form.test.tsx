import { act, fireEvent, render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AgentBookingPanel } from '~/components/booking/agent-booking-form'
import type { AgentBookingPageData } from '~/components/booking/agent-booking-form'
import { CONSENT_REQUIRED } from '~/components/booking/privacy-consent'

/** XMLHttpRequest that never gets an answer, or gets one the action did not write. */
class FakeXhr {
  static sent: FakeXhr[] = []
  url = ''
  status = 0
  responseText = ''
  readonly upload = new EventTarget()
  private readonly events = new EventTarget()
  open(_method: string, url: string) {
    this.url = url
  }
  send() {
    FakeXhr.sent.push(this)
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener)
  }
  async finish(type: 'load' | 'error', status = 0, text = '') {
    await act(async () => {
      this.status = status
      this.responseText = text
      this.events.dispatchEvent(new Event(type))
    })
  }
}

const PAGE: AgentBookingPageData = {
  lot: {
    id: 13,
    lotNumber: '13',
    unitNumber: 'B-13',
    title: null,
    type: 'Type B',
    typeCode: 'B',
    landSize: 120,
    builtUpArea: null,
    price: 650001,
    priceSen: 65_000_050,
    status: 'available',
  },
  available: true,
  defaults: { agentName: 'Farid Hassan', email: 'agent@aero-demo.my', phone: '+60 13-220 8765' },
  notice: { version: 2, body: 'The IC and the cheque verify the buyer and the payment of this booking.' },
  returnTo: '/properties/aeroindustrial/type/B',
}

function renderPanel({ consent = true } = {}) {
  const router = createMemoryRouter(
    [{ path: '/', element: <AgentBookingPanel data={PAGE} headingId="title" headingLevel={1} /> }],
    { initialEntries: ['/'] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  for (const side of ['IC front', 'IC back']) {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${side}`)), {
      target: { files: [new File(['fake image'], `${side}.jpg`, { type: 'image/jpeg' })] },
    })
  }
  if (consent) fireEvent.click(screen.getByRole('checkbox', { name: /consent/ }))
}

describe('AgentBookingPanel', () => {
  beforeEach(() => {
    FakeXhr.sent = []
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("posts to the agent booking route and words a missing answer as the spec's agent form does", async () => {
    renderPanel()
    fireEvent.click(screen.getByRole('button', { name: 'Submit agent booking' }))
    expect(screen.getByRole('progressbar', { name: 'Uploading your request' })).toBeTruthy()
    const [request] = FakeXhr.sent
    expect(new URL(request!.url).pathname).toBe('/book-agent/13.data')

    await request!.finish('error')
    expect(screen.getByRole('alert').textContent).toBe('Failed to create booking. No response received from server.')
    expect(screen.queryByRole('progressbar')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Submit agent booking' }))
    await FakeXhr.sent[1]!.finish('load', 500, '<html>Internal Server Error</html>')
    expect(screen.getByRole('alert').textContent).toBe('Failed to create booking. Server error 500')
    // The refusal sits above the form: it takes the focus, so it is where the agent is looking.
    expect(document.activeElement).toBe(screen.getByRole('alert'))
    // What was typed stays.
    expect((screen.getByLabelText(/^Agent name/) as HTMLInputElement).value).toBe('Farid Hassan')
  })

  it("shows the lot's price in force to the sen", () => {
    renderPanel({ consent: false })
    const price = screen.getByText('Price').nextElementSibling
    expect(price?.textContent).toBe('RM 650,000.50')
  })

  it('shows the privacy notice and posts nothing until the agent ticks the consent box', () => {
    renderPanel({ consent: false })
    expect(screen.getByRole('region', { name: 'Privacy notice' }).textContent).toContain('verify the buyer')
    fireEvent.click(screen.getByRole('button', { name: 'Submit agent booking' }))
    expect(screen.getByText(CONSENT_REQUIRED)).toBeTruthy()
    expect(FakeXhr.sent).toHaveLength(0)

    fireEvent.click(screen.getByRole('checkbox', { name: /version 2.*consent/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Submit agent booking' }))
    expect(FakeXhr.sent).toHaveLength(1)
  })
})
