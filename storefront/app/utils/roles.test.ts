import { describe, expect, it } from 'vitest'
import { homePathFor, meetsRequiredRole } from '~/utils/roles'

describe('meetsRequiredRole (requirements: account.md#route-guard)', () => {
  it('admits super_admin and admin where super_admin is required', () => {
    expect(meetsRequiredRole('super_admin', 'super_admin')).toBe(true)
    expect(meetsRequiredRole('admin', 'super_admin')).toBe(true)
    expect(meetsRequiredRole('agent_admin', 'super_admin')).toBe(false)
    expect(meetsRequiredRole('user', 'super_admin')).toBe(false)
  })

  it('admits agent_admin, super_admin and admin where agent_admin is required', () => {
    expect(meetsRequiredRole('agent_admin', 'agent_admin')).toBe(true)
    expect(meetsRequiredRole('super_admin', 'agent_admin')).toBe(true)
    expect(meetsRequiredRole('admin', 'agent_admin')).toBe(true)
    expect(meetsRequiredRole('user', 'agent_admin')).toBe(false)
  })
})

describe('homePathFor', () => {
  it('sends each role to its landing page after sign-in', () => {
    expect(homePathFor('super_admin')).toBe('/admin-dashboard')
    expect(homePathFor('admin')).toBe('/admin-dashboard')
    expect(homePathFor('agent_admin')).toBe('/agent-dashboard')
    expect(homePathFor('user')).toBe('/enhanced-dashboard')
  })
})
