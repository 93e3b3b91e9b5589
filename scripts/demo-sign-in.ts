/**
 * A demo account signed in through an origin, for the topology tests (scripts/*.test.ts) and the
 * benchmarks: its bearer token and its browser session's cookies, as a `Cookie` header. Every
 * demo account's password is `Demo@2024` (README).
 */
import assert from 'node:assert/strict'

export const DEMO_PASSWORD = 'Demo@2024'

export async function signInDemo(origin: string, email: string): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  assert.equal(response.status, 200, `sign-in of ${email}`)
  const { token } = (await response.json()) as { token: string }
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return { token, cookie }
}
