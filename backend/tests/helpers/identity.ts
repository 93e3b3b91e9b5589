import type { ApiClient, ApiResponse } from '@japa/api-client'
import { User } from '#identity'
import type { Role } from '#core/roles'
import { Agency } from '#agencies'

export const PASSWORD = 'Secret#123'

let sequence = 0

/** A user straight in the database (the password is hashed by the model). */
export async function createUser(attributes: Partial<User> & { role?: Role } = {}) {
  sequence += 1
  return User.create({
    name: `Test User ${sequence}`,
    email: `user${sequence}.${Date.now()}@test.example`,
    password: PASSWORD,
    role: 'user',
    position: 'Member',
    agencyStatus: 'none',
    ...attributes,
  })
}

export async function createAgency(attributes: Partial<Agency> = {}) {
  sequence += 1
  return Agency.create({
    name: `Agency ${sequence} ${Date.now()}`,
    contactEmail: `agency${sequence}@test.example`,
    isActive: true,
    ...attributes,
  })
}

/** Signs in through the real endpoint and returns the bearer token. */
export async function bearerFor(client: ApiClient, user: User, password = PASSWORD) {
  const response = await client.post('/api/auth/login').json({ email: user.email, password })
  response.assertStatus(200)
  return response.body().token as string
}

/** The browser's view: the cookies a response set, as a Cookie header, plus the CSRF token. */
export function browserCookies(response: ApiResponse, previous: Record<string, string> = {}) {
  const jar = { ...previous }
  const setCookie = response.headers()['set-cookie'] as string[] | string | undefined
  for (const line of ([] as string[]).concat(setCookie ?? [])) {
    const [pair] = line.split(';')
    const index = pair.indexOf('=')
    const name = pair.slice(0, index).trim()
    const value = pair.slice(index + 1).trim()
    if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || value === '') delete jar[name]
    else jar[name] = value
  }
  return jar
}

export function cookieHeader(jar: Record<string, string>) {
  return Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')
}

export function xsrfToken(jar: Record<string, string>) {
  return decodeURIComponent(jar['XSRF-TOKEN'] ?? '')
}
