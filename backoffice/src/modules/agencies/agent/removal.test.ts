import { describe, expect, it } from 'vitest'
import { removalOffered } from './removal'

const me = { id: 3 }

describe('Remove on the Agency Users tab', () => {
  it("is offered on the agency's members", () => {
    expect(removalOffered({ id: 11, role: 'user' }, me)).toBe(true)
  })

  it("is not offered on the agent admin's own row (a user cannot remove themselves)", () => {
    expect(removalOffered({ id: 3, role: 'agent_admin' }, me)).toBe(false)
    expect(removalOffered({ id: '3', role: 'user' }, me)).toBe(false)
  })

  it('is not offered on a fellow agent admin, whom only a super admin removes', () => {
    expect(removalOffered({ id: 12, role: 'agent_admin' }, me)).toBe(false)
  })

  it('is not offered before the signed-in user is known', () => {
    expect(removalOffered({ id: 11, role: 'user' }, undefined)).toBe(false)
  })
})
