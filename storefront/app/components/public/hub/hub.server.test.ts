// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { audienceOf, canBook } from '~/components/public/hub/audience'
import { isPropertiesHost } from '~/components/public/hub/hub.server'

describe('isPropertiesHost', () => {
  const request = (url: string) => new Request(url)

  it('matches the configured host name, with or without its port', () => {
    expect(isPropertiesHost(request('http://properties.localhost:3000/'), 'properties.localhost')).toBe(true)
    expect(isPropertiesHost(request('http://PROPERTIES.localhost/'), 'properties.localhost')).toBe(true)
    expect(isPropertiesHost(request('http://properties.localhost:3000/'), 'properties.localhost:3000')).toBe(true)
    expect(isPropertiesHost(request('http://properties.localhost:4000/'), 'properties.localhost:3000')).toBe(false)
  })

  it('is false for any other host, or when nothing is configured', () => {
    expect(isPropertiesHost(request('http://localhost:3000/'), 'properties.localhost')).toBe(false)
    expect(isPropertiesHost(request('http://properties.localhost/'), undefined)).toBe(false)
    expect(isPropertiesHost(request('http://properties.localhost/'), ' ')).toBe(false)
  })
})

describe('audienceOf', () => {
  it('tells the hub who is looking', () => {
    expect(audienceOf(null)).toBe('anonymous')
    expect(audienceOf({ role: 'user', agencyId: null, agencyStatus: 'none' })).toBe('join')
    expect(audienceOf({ role: 'user', agencyId: 3, agencyStatus: 'rejected' })).toBe('join')
    expect(audienceOf({ role: 'user', agencyId: 1, agencyStatus: 'pending' })).toBe('pending')
    expect(audienceOf({ role: 'user', agencyId: 1, agencyStatus: 'approved' })).toBe('member')
    expect(audienceOf({ role: 'agent_admin', agencyId: 1, agencyStatus: 'approved' })).toBe('agent_admin')
    expect(audienceOf({ role: 'admin', agencyId: null, agencyStatus: 'none' })).toBe('super_admin')
    expect(audienceOf({ role: 'super_admin', agencyId: null, agencyStatus: 'none' })).toBe('super_admin')
  })

  it('lets members and agent admins book, nobody else', () => {
    expect(canBook('member')).toBe(true)
    expect(canBook('agent_admin')).toBe(true)
    expect(canBook('super_admin')).toBe(false)
    expect(canBook('join')).toBe(false)
  })
})
