import { fireEvent, render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { BookingForm } from '~/components/booking/booking-form'
import type { BookingRequester } from '~/components/booking/booking-rules'

function renderForm(requester: BookingRequester, defaults = { name: '', email: '', phone: '' }) {
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
            action="/book/5?returnTo=%2Faero-industrial-hub"
          />
        ),
      },
    ],
    { initialEntries: ['/book/5'] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
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
