import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { sharedBrowser } from './browser.ts'
import { watchPolicyViolations } from './policy-violations.ts'
import { openSession, type Session } from './public-support.ts'

const baseURL = inject('baseURL')

/** The pages' policies, as served (storefront/server/security-headers.ts). */
function directives(policy: string | null): Record<string, string[]> {
  expect(policy).toBeTruthy()
  return Object.fromEntries(
    policy!.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/)
      return [name, sources]
    })
  )
}

describe('the Content Security Policy in a real browser', () => {
  let session: Session

  beforeEach(async () => {
    session = await openSession()
  })
  afterEach(async () => {
    // Fails the test when any page below tripped the policy (policy-violations.ts).
    await session.close()
  })

  it("every storefront page's inline scripts carry the nonce its policy names, and run", async () => {
    const { page } = session
    for (const path of ['/', '/aero-industrial-hub', '/properties/aeroindustrial/type/A', '/login', '/no-such-page']) {
      const response = await page.goto(`${baseURL}${path}`)
      const policy = directives((await response!.allHeaders())['content-security-policy'] ?? null)
      expect(policy['object-src'], path).toEqual(["'none'"])
      const nonce = policy['script-src'].find((source) => source.startsWith("'nonce-"))?.slice(7, -1)
      expect(nonce, path).toBeTruthy()
      // The browser hides a nonce from the page's attributes; the property keeps it.
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll('script:not([src])')].map((script) => (script as HTMLScriptElement).nonce)
      )
      expect(inline.length, path).toBeGreaterThanOrEqual(2)
      for (const scriptNonce of inline) expect(scriptNonce, path).toBe(nonce)
      // Hydrated: Remix's inline module script ran and loaded the app.
      await page.waitForFunction(() => '__remixRouter' in window)
    }
  })

  it('the backoffice page is served under its own policy and starts', async () => {
    const { page } = session
    const response = await page.goto(`${baseURL}/backoffice/`)
    const policy = directives((await response!.allHeaders())['content-security-policy'] ?? null)
    expect(policy['script-src']).toEqual(["'self'"])
    // Signed out, the app started and sent the visitor to sign in.
    await page.waitForURL(/\/login/)
  })
})

describe('violation reports', () => {
  // Chromium batches Reporting API reports for up to a minute: the endpoint is checked as it receives one.
  it('are taken by the backend through the one origin (204)', async () => {
    const response = await fetch(`${baseURL}/api/csp-reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/reports+json' },
      body: JSON.stringify([
        {
          type: 'csp-violation',
          age: 0,
          url: `${baseURL}/`,
          body: { documentURL: `${baseURL}/`, blockedURL: 'inline', effectiveDirective: 'script-src-elem' },
        },
      ]),
    })
    expect(response.status).toBe(204)
  })
})

describe('the violation watch of the journeys', () => {
  it('sees a blocked inline script', async () => {
    const context = await (await sharedBrowser()).newContext()
    try {
      const watch = await watchPolicyViolations(context)
      const page = await context.newPage()
      await page.goto(`${baseURL}/aero-industrial-hub`)
      const ran = await page.evaluate(() => {
        const script = document.createElement('script')
        script.textContent = 'window.injected = true'
        document.body.append(script)
        return 'injected' in window
      })
      expect(ran).toBe(false)
      await expect.poll(() => watch.violations.filter((violation) => violation.witness === 'event').length).toBe(1)
      await expect.poll(() => watch.violations.filter((violation) => violation.witness === 'issue').length).toBe(1)
      expect(watch.violations.find((violation) => violation.witness === 'event')).toMatchObject({
        directive: 'script-src-elem',
        blocked: 'inline',
      })
      expect(() => watch.assertNone()).toThrow(/blocked 2 thing/)
    } finally {
      await context.close()
    }
  })
})
