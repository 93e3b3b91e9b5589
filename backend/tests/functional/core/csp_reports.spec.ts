import { test } from '@japa/runner'
import logger from '@adonisjs/core/services/logger'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { MAX_REPORT_BYTES, REPORTS_PER_MINUTE } from '#core/csp/csp_reports_controller'

type Logged = { fields: Record<string, unknown>; message: string }

/** What the endpoint logs, while the test runs. */
function captureWarnings(): { logged: Logged[]; restore: () => void } {
  const logged: Logged[] = []
  const original = logger.warn
  logger.warn = ((fields: Record<string, unknown>, message: string) => {
    logged.push({ fields, message })
  }) as typeof logger.warn
  return { logged, restore: () => (logger.warn = original) }
}

/** Posts `body` as sent, with that Content-Type, from `address`. */
function report(client: ApiClient, from: string, type: string, body: string) {
  return client.post('/api/csp-reports').header('X-Forwarded-For', from).unsafeJson(body).type(type)
}

/** Each test reports from its own address: the limiter counts per address. */
let address = 0
function nextAddress() {
  address += 1
  return `198.51.100.${address}`
}

/** What Chromium sends for `report-uri`. */
const CSP_REPORT = {
  'csp-report': {
    'document-uri': 'https://aero.example/aero-industrial-hub',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; script-src 'self' 'nonce-abc'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 7,
    'source-file': 'https://aero.example/aero-industrial-hub',
    'status-code': 200,
    'script-sample': 'alert(1)',
  },
}

/** What the Reporting API sends for `report-to`: a batch, other report kinds mixed in. */
const REPORTS_JSON = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'https://aero.example/backoffice/',
    user_agent: 'Chrome',
    body: {
      documentURL: 'https://aero.example/backoffice/',
      blockedURL: 'https://evil.example/x.js',
      effectiveDirective: 'script-src-elem',
      originalPolicy: "script-src 'self'",
      disposition: 'enforce',
      statusCode: 200,
      sourceFile: 'https://aero.example/backoffice/assets/index.js',
      lineNumber: 1,
      columnNumber: 99,
      sample: '',
    },
  },
  { type: 'deprecation', age: 1, url: 'https://aero.example/', body: { id: 'x', message: 'old API' } },
]

test.group('Core | Content Security Policy reports', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a report-uri report (application/csp-report) is logged and answered 204', async ({ client, assert }) => {
    const { logged, restore } = captureWarnings()
    try {
      const response = await report(client, nextAddress(), 'application/csp-report', JSON.stringify(CSP_REPORT))
      response.assertStatus(204)
      assert.equal(response.text(), '')
      assert.equal(response.header('x-content-type-options'), 'nosniff')
      assert.equal(response.header('cache-control'), 'private, no-store')
      assert.lengthOf(logged, 1)
      assert.equal(logged[0].message, 'Content Security Policy violation')
      assert.deepEqual(logged[0].fields.cspViolation, {
        documentUrl: 'https://aero.example/aero-industrial-hub',
        blockedUrl: 'inline',
        directive: 'script-src-elem',
        disposition: 'enforce',
        sourceFile: 'https://aero.example/aero-industrial-hub',
        line: 12,
        column: 7,
        sample: 'alert(1)',
      })
    } finally {
      restore()
    }
  })

  test('a Reporting API batch (application/reports+json) logs its CSP violations only', async ({ client, assert }) => {
    const { logged, restore } = captureWarnings()
    try {
      const response = await report(client, nextAddress(), 'application/reports+json', JSON.stringify(REPORTS_JSON))
      response.assertStatus(204)
      assert.lengthOf(logged, 1)
      assert.include(logged[0].fields.cspViolation as object, {
        documentUrl: 'https://aero.example/backoffice/',
        blockedUrl: 'https://evil.example/x.js',
        directive: 'script-src-elem',
        line: 1,
        column: 99,
        sample: null,
      })
    } finally {
      restore()
    }
  })

  test('a value is logged cut short and without control characters', async ({ client, assert }) => {
    const { logged, restore } = captureWarnings()
    try {
      const long = { 'csp-report': { ...CSP_REPORT['csp-report'], 'script-sample': `a\nb\u0000${'x'.repeat(5000)}` } }
      const response = await report(client, nextAddress(), 'application/csp-report', JSON.stringify(long))
      response.assertStatus(204)
      const sample = (logged[0].fields.cspViolation as { sample: string }).sample
      assert.isAtMost(sample.length, 301)
      assert.isTrue(sample.startsWith('a b '))
    } finally {
      restore()
    }
  })

  test('junk never gets a 5xx: not a report 204 (nothing logged), not JSON 400, wrong type 415, too large 413', async ({
    client,
    assert,
  }) => {
    const { logged, restore } = captureWarnings()
    try {
      const post = (type: string, body: string) => report(client, nextAddress(), type, body)

      for (const body of [
        '{}',
        '[]',
        '{"csp-report":{}}',
        '[{"type":"csp-violation","body":"x"}]',
        '"text"',
        'null',
        '42',
      ]) {
        ;(await post('application/csp-report', body)).assertStatus(204)
      }
      ;(await post('application/json', '{"csp-report":"nope"}')).assertStatus(204)
      assert.lengthOf(logged, 0)

      const notJson = await post('application/csp-report', '{"csp-report":')
      notJson.assertStatus(400)
      assert.equal(notJson.body().message, 'The report is not valid JSON.')
      ;(await post('application/csp-report', '')).assertStatus(400)

      const wrongType = await post('text/plain', JSON.stringify(CSP_REPORT))
      wrongType.assertStatus(415)
      assert.match(wrongType.body().message, /application\/csp-report/)

      const tooLarge = await post(
        'application/csp-report',
        JSON.stringify({ 'csp-report': { 'script-sample': 'x'.repeat(MAX_REPORT_BYTES) } })
      )
      tooLarge.assertStatus(413)
      assert.equal(tooLarge.body().message, 'The report is too large.')
      assert.equal(tooLarge.header('cache-control'), 'private, no-store')
      assert.lengthOf(logged, 0)
    } finally {
      restore()
    }
  })

  test('an address sending more than the limit per minute gets 429 with Retry-After', async ({ client, assert }) => {
    const { logged, restore } = captureWarnings()
    const from = nextAddress()
    const send = () => report(client, from, 'application/csp-report', JSON.stringify(CSP_REPORT))
    try {
      for (let index = 0; index < REPORTS_PER_MINUTE; index++) (await send()).assertStatus(204)
      const refused = await send()
      refused.assertStatus(429)
      assert.equal(refused.header('retry-after'), '60')
      assert.lengthOf(logged, REPORTS_PER_MINUTE)

      // Another address is not held back by that one.
      const other = await report(client, nextAddress(), 'application/csp-report', JSON.stringify(CSP_REPORT))
      other.assertStatus(204)
    } finally {
      restore()
    }
  })
})
