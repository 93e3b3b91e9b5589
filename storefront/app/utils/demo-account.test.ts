import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT, demoAccountFor } from '~/utils/demo-account'

describe('demoAccountFor', () => {
  it('prefills the demo member on a development server opened on localhost', () => {
    expect(demoAccountFor('development', 'localhost')).toEqual({ email: 'member@aero-demo.my', password: 'Demo@2024' })
    expect(demoAccountFor('development', '127.0.0.1')).toBe(DEMO_ACCOUNT)
  })

  it('never prefills in production or on another host', () => {
    expect(demoAccountFor('production', 'localhost')).toBeNull()
    expect(demoAccountFor(undefined, 'localhost')).toBeNull()
    expect(demoAccountFor('test', 'localhost')).toBeNull()
    expect(demoAccountFor('development', 'aero.example.my')).toBeNull()
  })
})
