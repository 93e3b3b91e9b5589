import { HttpError } from 'react-admin'
import { describe, expect, it } from 'vitest'
import { messageOf, referenceOf } from './messages'

const REFERENCE = '0123456789abcdef0123456789abcdef'

describe('messageOf', () => {
  it("gives a refusal's own message, and the screen's text for a server fault", () => {
    expect(messageOf(new HttpError('Not yours', 403, { message: 'Not yours' }), 'Failed.')).toBe('Not yours')
    expect(messageOf(new HttpError('Boom', 500, { message: 'Boom' }), 'Failed.')).toBe('Failed.')
    expect(messageOf(new Error('offline'), 'Failed.')).toBe('Failed.')
  })

  it("names a server fault's reference, for support to find its log lines", () => {
    const fault = new HttpError('Something went wrong', 500, { message: 'Something went wrong', reference: REFERENCE })
    expect(referenceOf(fault)).toBe(REFERENCE)
    expect(messageOf(fault, 'Failed to save.')).toBe(`Failed to save. (Reference: ${REFERENCE})`)
  })

  it('shows no reference for a refusal, or one that does not look like an id', () => {
    expect(referenceOf(new HttpError('No', 422, { message: 'No', reference: REFERENCE }))).toBeUndefined()
    expect(referenceOf(new HttpError('Boom', 503, { message: 'Boom', reference: '<script>' }))).toBeUndefined()
  })
})
