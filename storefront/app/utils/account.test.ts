import { describe, expect, it } from 'vitest'
import {
  accountTypeLabel,
  agencyRequestBlock,
  isRecentApproval,
  membershipSummary,
  showsJoinPrompt,
  simpleAccountType,
  validateAgencyRequest,
  validatePasswordChange,
  validateProfile,
} from '~/utils/account'

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

describe('account form rules (requirements: account.md#my-profile, account.md#change-password)', () => {
  it('profile: name required, phone optional but valid, address optional', () => {
    expect(validateProfile({ name: ' ', phone: '', address: '' })).toEqual({ name: 'Name is required' })
    expect(validateProfile({ name: 'A', phone: '' })).toEqual({ name: 'Name must be at least 2 characters' })
    expect(validateProfile({ name: 'Aina', phone: '12345' })).toEqual({ phone: 'Please enter a valid phone number' })
    expect(validateProfile({ name: 'Aina', phone: '+60 12 345 6789', address: '1 Jalan Nilai' })).toEqual({})
    expect(validateProfile({ name: 'Aina' })).toEqual({})
  })

  it('change password: all three required, at least 6, the two new ones equal', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    })
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abc' })).toEqual({
      newPassword: 'New password must be at least 6 characters long',
    })
    expect(
      validatePasswordChange({ currentPassword: 'old', newPassword: 'secret12', confirmPassword: 'secret13' })
    ).toEqual({
      confirmPassword: 'New passwords do not match',
    })
    expect(
      validatePasswordChange({ currentPassword: 'old', newPassword: 'secret12', confirmPassword: 'secret12' })
    ).toEqual({})
  })

  it('agency request: agency and message required, then the blocking rules', () => {
    const none = { agencyId: null, agencyStatus: 'none' as const }
    expect(validateAgencyRequest({ agencyId: '', message: ' ' }, none)).toEqual({
      agencyId: 'Please select an agency',
      message: 'Please enter a message',
    })
    expect(validateAgencyRequest({ agencyId: '4', message: 'Hello' }, none)).toEqual({})

    const member = { agencyId: 4, agencyStatus: 'approved' as const }
    expect(agencyRequestBlock(member)).toBe(
      'You are already a member of an agency. Please contact support if you need to change agencies.'
    )
    expect(validateAgencyRequest({ agencyId: '5', message: 'Hello' }, member).agencyId).toBe(agencyRequestBlock(member))

    const pending = { agencyId: 4, agencyStatus: 'pending' as const }
    expect(agencyRequestBlock(pending)).toBeNull()
    expect(validateAgencyRequest({ agencyId: '5', message: 'Hello' }, pending).agencyId).toBe(
      'You already have a pending request for a different agency. Please wait for that request to be processed.'
    )
    expect(validateAgencyRequest({ agencyId: '4', message: 'Hello' }, pending).agencyId).toBe(
      'You already have a pending request for this agency. Please wait for it to be processed.'
    )
    // A rejected request does not block a new one.
    expect(
      validateAgencyRequest({ agencyId: '4', message: 'Again' }, { agencyId: 4, agencyStatus: 'rejected' })
    ).toEqual({})
  })
})

describe('membership prompts', () => {
  it('asks only a regular user with no agency and no request to join one', () => {
    expect(showsJoinPrompt({ role: 'user', agencyStatus: 'none', hasPendingAgencyRequest: false })).toBe(true)
    expect(showsJoinPrompt({ role: 'user', agencyStatus: 'pending', hasPendingAgencyRequest: true })).toBe(false)
    expect(showsJoinPrompt({ role: 'user', agencyStatus: 'rejected', hasPendingAgencyRequest: false })).toBe(false)
    expect(showsJoinPrompt({ role: 'agent_admin', agencyStatus: 'none', hasPendingAgencyRequest: false })).toBe(false)
  })

  it('welcomes an approval for its first 2 hours only', () => {
    const now = Date.parse('2025-01-01T12:00:00Z')
    const approvedAt = (iso: string) => ({ agencyStatus: 'approved' as const, agencyStatusDate: iso })
    expect(isRecentApproval(approvedAt('2025-01-01T11:00:00Z'), now)).toBe(true)
    expect(isRecentApproval(approvedAt('2025-01-01T10:00:01Z'), now)).toBe(true)
    expect(isRecentApproval(approvedAt('2025-01-01T10:00:00Z'), now)).toBe(false)
    expect(isRecentApproval({ agencyStatus: 'pending', agencyStatusDate: '2025-01-01T11:59:00Z' }, now)).toBe(false)
    expect(isRecentApproval({ agencyStatus: 'approved', agencyStatusDate: null }, now)).toBe(false)
  })

  it("labels the simple profile page's account type Administrator or User", () => {
    expect(simpleAccountType('super_admin')).toBe('Administrator')
    expect(simpleAccountType('admin')).toBe('Administrator')
    expect(simpleAccountType('agent_admin')).toBe('User')
    expect(simpleAccountType('user')).toBe('User')
  })
})
