// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { noticeCookie, takeNotice } from '~/utils/notice.server'

const requestWith = (cookie: string) => new Request('http://localhost:3000/profile', { headers: { Cookie: cookie } })

describe('one-time notices', () => {
  it('hands a notice to the next page once, then clears it', () => {
    const cookie = noticeCookie('profile-updated')
    expect(cookie).toMatch(/^aero_notice=profile-updated\.\w+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/)
    const { notice, setCookies } = takeNotice(requestWith(cookie.split(';')[0]))
    expect(notice?.text).toBe('Profile updated successfully')
    expect(setCookies).toEqual(['aero_notice=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax'])
  })

  it('shows only its own texts, never what the cookie says', () => {
    const { notice, setCookies } = takeNotice(requestWith('aero_notice=<script>alert(1)</script>.x'))
    expect(notice).toBeNull()
    expect(setCookies).toHaveLength(1)
    expect(takeNotice(requestWith('other=1')).notice).toBeNull()
    expect(takeNotice(requestWith('aero_notice=toString.1')).notice).toBeNull()
  })
})
