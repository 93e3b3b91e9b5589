import { fireEvent, render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BookingForm } from '~/components/booking/booking-form'
import { CHEQUE_ACCEPT, IC_ACCEPT } from '~/components/booking/booking-rules'
import { CONSENT_REQUIRED } from '~/components/booking/privacy-consent'
import type { BookingRequester } from '~/components/booking/booking-rules'
import type { BookingResult } from '~/components/booking/booking-types'
import { FakeXhr, useFakeXhr } from '~/test/fake-xhr'

const NOTICE = {
  version: 3,
  body: 'Why we ask: to verify the buyer and the payment.\n\nWho sees them: the agency and the developer.',
}

function renderForm(
  requester: BookingRequester,
  defaults = { name: '', email: '', phone: '' },
  onBooked?: (result: BookingResult) => void,
  { consent = true } = {}
) {
  const action = vi.fn(() => ({
    intent: 'booking',
    ok: true,
    message: 'Booking request submitted successfully!',
    fieldErrors: {},
    values: {},
    fileNames: {},
    notMember: false,
  }))
  const router = createMemoryRouter(
    [
      {
        path: '/book/:lotId',
        action,
        element: (
          <BookingForm
            lotId={5}
            requester={requester}
            defaults={defaults}
            notice={NOTICE}
            action="/book/5?returnTo=%2Faero-industrial-hub"
            onBooked={onBooked}
          />
        ),
      },
      { path: '/login', element: <p>The login page</p> },
    ],
    { initialEntries: ['/book/5'] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  if (consent) fireEvent.click(screen.getByRole('checkbox', { name: /consent/ }))
  return { action }
}

function choose(label: string, file: File) {
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { files: [file] } })
}

const image = (name: string) => new File(['fake image'], name, { type: 'image/jpeg' })

describe('BookingForm', () => {
  it("is one multipart form posted to the booking route, with the lot's id", () => {
    renderForm('member')
    const form = screen.getByRole('button', { name: 'Submit booking request' }).closest('form')!
    expect(form.getAttribute('enctype')).toBe('multipart/form-data')
    expect(form.getAttribute('action')).toBe('/book/5?returnTo=%2Faero-industrial-hub')
    expect((form.querySelector('input[name="lotId"]') as HTMLInputElement).value).toBe('5')
    expect(form.querySelector('input[name="cheque"]')!.getAttribute('accept')).toContain('.pdf')
    expect(form.querySelector('input[name="icFront"]')!.getAttribute('accept')).not.toContain('pdf')
  })

  it("shows a member the required fields' messages and sends nothing", async () => {
    const { action } = renderForm('member')
    expect(screen.getByLabelText(/^Full name/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Submit booking request' }))
    expect(await screen.findByText('Full name is required')).toBeTruthy()
    expect(screen.getByText('Email is required')).toBeTruthy()
    expect(screen.getByText('Phone number is required')).toBeTruthy()
    // Documents are optional for members.
    expect(screen.queryByText('Payment cheque document is required')).toBeNull()
    expect(action).not.toHaveBeenCalled()
  })

  it('asks an agent admin for the agent name, the cheque and both IC sides', async () => {
    renderForm('agent_admin', { name: 'Farid Hassan', email: 'agent@aero-demo.my', phone: '+60 13-220 8765' })
    expect(screen.getByLabelText(/^Agent name/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Submit booking request' }))
    expect(await screen.findByText('Payment cheque document is required')).toBeTruthy()
    expect(screen.getByText('IC front image is required')).toBeTruthy()
    expect(screen.getByText('IC back image is required')).toBeTruthy()
  })

  it('asks a member for the other IC side when only one is chosen', async () => {
    renderForm('member', { name: 'Daniel', email: 'member@aero-demo.my', phone: '0165550192' })
    choose('IC front', image('front.jpg'))
    fireEvent.click(screen.getByRole('button', { name: 'Submit booking request' }))
    expect(await screen.findByText('Both IC front and back are required if uploading IC')).toBeTruthy()
  })

  it('shows the chosen files and colours the IC hint red, amber, then green', () => {
    renderForm('member')
    const hint = () => document.querySelector('.upload-hint')!.className
    expect(hint()).toContain('upload-hint--red')
    choose('IC front', image('front.jpg'))
    expect(hint()).toContain('upload-hint--amber')
    expect(screen.getByText('front.jpg')).toBeTruthy()
    choose('IC back', image('back.png'))
    expect(hint()).toContain('upload-hint--green')
    choose('Payment cheque', new File(['%PDF-1.4'], 'cheque.pdf', { type: 'application/pdf' }))
    expect(screen.getByText('cheque.pdf')).toBeTruthy()
  })

  it('refuses a cheque that is not a PDF, JPG or PNG', async () => {
    renderForm('member', { name: 'Daniel', email: 'member@aero-demo.my', phone: '0165550192' })
    choose('Payment cheque', new File(['x'], 'cheque.docx', { type: 'application/msword' }))
    fireEvent.click(screen.getByRole('button', { name: 'Submit booking request' }))
    expect(await screen.findByText('The payment cheque must be a PDF, JPG or PNG file.')).toBeTruthy()
  })
})

const MEMBER = { name: 'Daniel Tan Wei Ming', email: 'member@aero-demo.my', phone: '+60 16-555 0192' }
const failure = (message: string) => ({
  intent: 'booking',
  ok: false,
  message,
  fieldErrors: {},
  values: {},
  fileNames: {},
  notMember: false,
})

describe('BookingForm on a phone', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('gives each field the keyboard and autofill it needs, and the IC the camera', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query }))
    vi.stubGlobal(
      'DataTransfer',
      class {
        files = []
      }
    )
    renderForm('member')
    const name = screen.getByLabelText(/^Full name/)
    expect(name.getAttribute('autocomplete')).toBe('name')
    const email = screen.getByLabelText(/^Email/)
    expect([email.getAttribute('type'), email.getAttribute('autocomplete')]).toEqual(['email', 'email'])
    const phone = screen.getByLabelText(/^Phone/)
    expect([phone.getAttribute('type'), phone.getAttribute('inputmode'), phone.getAttribute('autocomplete')]).toEqual([
      'tel',
      'tel',
      'tel',
    ])
    // The cheque is chosen as a file (PDF, JPG or PNG); each IC side is chosen or photographed.
    const cheque = screen.getByLabelText(/^Payment cheque/)
    expect([cheque.getAttribute('accept'), cheque.getAttribute('capture')]).toEqual([CHEQUE_ACCEPT, null])
    expect(screen.queryByLabelText('Take photo of the Payment cheque')).toBeNull()
    for (const side of ['IC front', 'IC back']) {
      const field = screen.getByLabelText(new RegExp(`^${side}`))
      expect([field.getAttribute('accept'), field.getAttribute('capture')]).toEqual([IC_ACCEPT, null])
      const camera = await screen.findByLabelText(`Take photo of the ${side}`)
      expect([camera.getAttribute('accept'), camera.getAttribute('capture')]).toEqual(['image/*', 'environment'])
    }
  })

  it('sends the request with a progress bar, then tells the page it is booked', async () => {
    useFakeXhr()
    const onBooked = vi.fn()
    const { action } = renderForm('member', MEMBER, onBooked)
    choose('IC front', image('front.jpg'))
    choose('IC back', image('back.png'))
    fireEvent.click(screen.getByRole('button', { name: 'Submit booking request' }))

    const [request] = FakeXhr.sent
    expect(request).toBeDefined()
    expect(request!.method).toBe('POST')
    // The route's action, as Remix's fetcher addresses it.
    expect(new URL(request!.url).pathname + new URL(request!.url).search).toBe(
      '/book/5.data?returnTo=%2Faero-industrial-hub'
    )
    expect(request!.body!.get('lotId')).toBe('5')
    expect(request!.body!.get('email')).toBe('member@aero-demo.my')
    expect(request!.body!.get('name')).toBe('Daniel Tan Wei Ming')

    const bar = screen.getByRole('progressbar', { name: 'Uploading your request' })
    expect(bar.getAttribute('value')).toBe('0')
    request!.progress(250, 1000)
    expect(bar.getAttribute('value')).toBe('25')
    expect(screen.getByText('25%', { selector: 'label span' })).toBeTruthy()
    request!.progress(1000, 1000)
    expect(screen.getByRole('progressbar', { name: 'Uploaded; waiting for the answer' }).getAttribute('value')).toBe(
      '100'
    )
    expect(screen.getByRole('button', { name: 'Submitting…' })).toBeTruthy()

    await request!.answer(201, {
      data: { ...failure(''), ok: true, message: 'Booking request submitted successfully!' },
    })
    expect(onBooked).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Booking request submitted successfully!' })
    )
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(action).not.toHaveBeenCalled()
  })

  it("shows the server's refusal as before, and the spec's message when no answer comes", async () => {
    useFakeXhr()
    renderForm('member', MEMBER)
    fireEvent.click(screen.getByRole('button', { name: 'Submit booking request' }))
    await FakeXhr.sent[0]!.answer(409, { data: failure('This lot is no longer available. Please choose another lot.') })
    expect(screen.getByRole('alert').textContent).toBe('This lot is no longer available. Please choose another lot.')
    // No field is in error: the refusal at the top of the form takes the focus (and so comes into view).
    expect(document.activeElement).toBe(screen.getByRole('alert'))

    fireEvent.click(screen.getByRole('button', { name: 'Submit booking request' }))
    await FakeXhr.sent[1]!.failNetwork()
    expect(screen.getByRole('alert').textContent).toBe('Failed to submit booking request. Please try again.')
    expect(document.activeElement).toBe(screen.getByRole('alert'))
  })

  it('shows the privacy notice and sends nothing until its box is ticked, then its version with the consent', async () => {
    useFakeXhr()
    renderForm('member', MEMBER, undefined, { consent: false })
    const notice = screen.getByRole('region', { name: 'Privacy notice' })
    expect(notice.textContent).toContain('to verify the buyer and the payment')
    expect(notice.querySelectorAll('p')).toHaveLength(2)
    const box = screen.getByRole('checkbox', {
      name: 'I have read the privacy notice (version 3) and consent to the documents being used as it describes.',
    }) as HTMLInputElement
    expect(box.checked).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: 'Submit booking request' }))
    expect(await screen.findByText(CONSENT_REQUIRED)).toBeTruthy()
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(FakeXhr.sent).toHaveLength(0)

    fireEvent.click(box)
    expect(screen.queryByText(CONSENT_REQUIRED)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Submit booking request' }))
    expect(FakeXhr.sent[0]!.body!.get('consent')).toBe('true')
    expect(FakeXhr.sent[0]!.body!.get('noticeVersion')).toBe('3')
  })

  it('follows the redirect of a session that ended, and sends nothing while the form is invalid', async () => {
    useFakeXhr()
    renderForm('member', { ...MEMBER, phone: '' })
    fireEvent.click(screen.getByRole('button', { name: 'Submit booking request' }))
    expect(await screen.findByText('Phone number is required')).toBeTruthy()
    expect(FakeXhr.sent).toHaveLength(0)

    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '0165550192' } })
    fireEvent.click(screen.getByRole('button', { name: 'Submit booking request' }))
    await FakeXhr.sent[0]!.answer(202, { redirect: '/login?redirectTo=%2Fbook%2F5', status: 302, reload: false })
    expect(await screen.findByText('The login page')).toBeTruthy()
  })
})
