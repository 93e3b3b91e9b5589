import { describe, expect, it } from 'vitest'
import { backofficePath, loginPath, safeRedirect } from '~/utils/redirects'

describe('safeRedirect', () => {
  it.each(['/enhanced-dashboard', '/aero-industrial-hub?type=A', '/agent-dashboard?tab=manage-bookings#top', '/'])(
    'keeps the same-site path %s',
    (to) => {
      expect(safeRedirect(to, '/fallback')).toBe(to)
    }
  )

  it.each([
    ['an absolute URL', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash inside', '/a\\..\\\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'dashboard'],
    ['a tab trick', '/\t/evil.example'],
    ['a newline', '/ok\n/x'],
    ['an empty value', ''],
  ])('falls back for %s', (_case, to) => {
    expect(safeRedirect(to, '/fallback')).toBe('/fallback')
  })

  it('falls back for missing and non-text values', () => {
    expect(safeRedirect(null, '/home')).toBe('/home')
    expect(safeRedirect(undefined, '/home')).toBe('/home')
    expect(safeRedirect(new File([], 'x.txt'), '/home')).toBe('/home')
  })

  it('returns the path as given, so dot segments cannot turn into a protocol-relative URL', () => {
    expect(safeRedirect('/.//evil.example', '/fallback')).toBe('/.//evil.example')
  })
})

describe('loginPath', () => {
  it('remembers where the visitor was going', () => {
    expect(loginPath('/agency-properties?x=1')).toBe('/login?redirectTo=%2Fagency-properties%3Fx%3D1')
  })

  it('says when the session expired', () => {
    expect(loginPath('/profile', { expired: true })).toBe('/login?reason=expired&redirectTo=%2Fprofile')
  })

  it('does not remember the home page', () => {
    expect(loginPath('/')).toBe('/login')
  })
})

describe('backofficePath', () => {
  it('maps a storefront path into the backoffice, keeping the query', () => {
    expect(backofficePath('/agent-dashboard', '?tab=manage-bookings')).toBe(
      '/backoffice/agent-dashboard?tab=manage-bookings'
    )
    expect(backofficePath('/')).toBe('/backoffice/')
    expect(backofficePath('admin/users')).toBe('/backoffice/admin/users')
  })
})
