import { describe, expect, it } from 'vitest'
import {
  AGENT_BOOKING_MESSAGES,
  agentFailureMessage,
  agentPropertyId,
  agentRequestMessage,
  agentUploadHint,
  validateAgentBooking,
} from '~/components/booking/agent-booking-rules'
import type { AgentBookingValues } from '~/components/booking/agent-booking-rules'

const png = (name: string) => ({ name, type: 'image/png' })
const filled: AgentBookingValues = {
  agentName: 'Farid Hassan',
  phone: '+60 13-220 8765',
  email: 'agent@aero-demo.my',
  description: '',
  icFront: png('front.png'),
  icBack: png('back.png'),
  cheque: null,
}

describe('agent booking form rules', () => {
  it('accepts a filled form without cheque or description', () => {
    expect(validateAgentBooking(filled)).toEqual({})
  })

  it('requires name, phone, email and the IC images', () => {
    const errors = validateAgentBooking({
      ...filled,
      agentName: ' ',
      phone: '',
      email: '',
      icFront: null,
      icBack: null,
    })
    expect(errors).toEqual({
      agentName: 'Agent name is required',
      phone: 'Phone number is required',
      email: 'Email is required',
      ic: 'Please upload at least one identity card image (front and back)',
    })
  })

  it('requires both sides of the IC when one is chosen', () => {
    expect(validateAgentBooking({ ...filled, icBack: null }).ic).toBe('Both front and back sides of IC are required')
    expect(validateAgentBooking({ ...filled, icFront: null }).ic).toBe(AGENT_BOOKING_MESSAGES.icPair)
  })

  it('takes images for the IC and an image or PDF for the cheque', () => {
    expect(validateAgentBooking({ ...filled, icFront: { name: 'front.pdf', type: 'application/pdf' } }).icFront).toBe(
      AGENT_BOOKING_MESSAGES.icFrontType
    )
    expect(validateAgentBooking({ ...filled, cheque: { name: 'cheque.pdf', type: 'application/pdf' } })).toEqual({})
    expect(validateAgentBooking({ ...filled, cheque: { name: 'cheque.docx', type: '' } }).cheque).toBe(
      AGENT_BOOKING_MESSAGES.chequeType
    )
  })

  it('names the lot and writes the request message as the backend expects', () => {
    expect(agentPropertyId('B', '5')).toBe('type-b-5')
    expect(
      agentRequestMessage({ agentName: 'Farid', phone: '0123', email: 'a@b.my', description: 'Corner office' })
    ).toBe('Agent: Farid\nPhone: 0123\nEmail: a@b.my\nDescription: Corner office')
  })

  it('colours the upload hint by the number of IC images', () => {
    expect(agentUploadHint(0).tone).toBe('red')
    expect(agentUploadHint(1).tone).toBe('amber')
    expect(agentUploadHint(2).tone).toBe('green')
  })

  it("prefixes the server's message on failure", () => {
    expect(agentFailureMessage('This lot is no longer available.')).toBe(
      'Failed to create booking. This lot is no longer available.'
    )
    expect(agentFailureMessage(null)).toBe('Failed to create booking.')
  })
})
