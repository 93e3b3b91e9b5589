import { describe, expect, it } from 'vitest'
import { accountTypeLabel, membershipSummary } from '~/utils/account'

describe('accountTypeLabel', () => {
  it('labels roles as the spec does', () => {
    expect(accountTypeLabel('super_admin')).toBe('Administrator')
    expect(accountTypeLabel('admin')).toBe('Administrator')
    expect(accountTypeLabel('agent_admin')).toBe('Agent')
    expect(accountTypeLabel('user')).toBe('Regular User')
  })
})

describe('membershipSummary', () => {
  it('names the agency for each status', () => {
    expect(membershipSummary('approved', 'Nilai Prime Realty').title).toBe('Member of Nilai Prime Realty')
    expect(membershipSummary('pending', 'Nilai Prime Realty')).toMatchObject({
      tone: 'warning',
      title: 'Agency Membership Pending',
    })
    expect(membershipSummary('pending', 'Nilai Prime Realty').text).toContain('Nilai Prime Realty')
    expect(membershipSummary('rejected', null).tone).toBe('error')
    expect(membershipSummary('none', null).title).toBe('No agency yet')
  })
})
