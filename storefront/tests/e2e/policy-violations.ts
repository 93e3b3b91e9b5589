/**
 * Every journey's browser watches for what the Content Security Policy blocks
 * (storefront/server/security-headers.ts): a page that trips it is broken for real visitors
 * (a script, style or image that did not load), so the journey fails when it closes its
 * browser. Two witnesses, on every page and frame the context opens:
 * - the `securitypolicyviolation` event the page's document receives (with JavaScript on);
 * - Chromium's own issue report over the DevTools protocol, which also sees pages opened
 *   with JavaScript off.
 */
import type { BrowserContext, Page } from 'playwright-core'

export interface PolicyViolation {
  /** Where it was seen: `event` in the page, `issue` from Chromium. */
  witness: 'event' | 'issue'
  page: string
  directive: string
  blocked: string
  source: string
}

const BINDING = '__aeroPolicyViolation'

export interface PolicyWatch {
  readonly violations: PolicyViolation[]
  /** Throws, listing them, when anything was blocked. */
  assertNone: () => void
}

export async function watchPolicyViolations(context: BrowserContext): Promise<PolicyWatch> {
  const violations: PolicyViolation[] = []

  await context.exposeBinding(BINDING, ({ page }, violation: Omit<PolicyViolation, 'witness' | 'page'>) => {
    violations.push({ witness: 'event', page: page?.url() ?? '', ...violation })
  })
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (violation: object) => void>)[binding]
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`.trim(),
      })
    })
  }, BINDING)

  const watchIssues = async (page: Page) => {
    try {
      const session = await context.newCDPSession(page)
      session.on('Audits.issueAdded', ({ issue }) => {
        if (issue.code !== 'ContentSecurityPolicyIssue') return
        const details = issue.details.contentSecurityPolicyIssueDetails
        violations.push({
          witness: 'issue',
          page: page.url(),
          directive: details?.violatedDirective ?? '',
          blocked: details?.blockedURL ?? details?.contentSecurityPolicyViolationType ?? '',
          source: details?.sourceCodeLocation
            ? `${details.sourceCodeLocation.url}:${details.sourceCodeLocation.lineNumber}`
            : '',
        })
      })
      await session.send('Audits.enable')
    } catch {
      // The page closed before its session opened: nothing more to see there.
    }
  }
  await Promise.all(context.pages().map(watchIssues))
  context.on('page', (page) => void watchIssues(page))

  return {
    violations,
    assertNone() {
      if (violations.length === 0) return
      const lines = violations.map(
        (violation) =>
          `  [${violation.witness}] ${violation.page}: ${violation.directive} blocked ${violation.blocked} (${violation.source})`
      )
      throw new Error(`The Content Security Policy blocked ${violations.length} thing(s):\n${lines.join('\n')}`)
    },
  }
}
