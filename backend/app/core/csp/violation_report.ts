// Both report formats (`report-uri`'s and the Reporting API's) read into one shape, every value cut short so
// one report cannot flood the log.

export interface CspViolation {
  documentUrl: string | null
  blockedUrl: string | null
  directive: string | null
  disposition: string | null
  sourceFile: string | null
  line: number | null
  column: number | null
  sample: string | null
}

export const REPORT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json'] as const

export const MAX_VIOLATIONS_PER_REQUEST = 10

const MAX_TEXT = 300

type Fields = Record<string, unknown>

function text(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null
  // Reports quote page content (a script sample): no control characters into the log.
  const clean = value.replace(/\p{Cc}/gu, ' ')
  return clean.length > MAX_TEXT ? `${clean.slice(0, MAX_TEXT)}…` : clean
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null
}

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `report-uri`'s dashed names. */
function fromCspReport(report: Fields): CspViolation {
  return {
    documentUrl: text(report['document-uri']),
    blockedUrl: text(report['blocked-uri']),
    directive: text(report['effective-directive']) ?? text(report['violated-directive']),
    disposition: text(report['disposition']),
    sourceFile: text(report['source-file']),
    line: count(report['line-number']),
    column: count(report['column-number']),
    sample: text(report['script-sample']),
  }
}

/** The Reporting API's camel-cased body of a `csp-violation`. */
function fromReportBody(body: Fields): CspViolation {
  return {
    documentUrl: text(body.documentURL),
    blockedUrl: text(body.blockedURL),
    directive: text(body.effectiveDirective),
    disposition: text(body.disposition),
    sourceFile: text(body.sourceFile),
    line: count(body.lineNumber),
    column: count(body.columnNumber),
    sample: text(body.sample),
  }
}

/** Whether a violation says anything at all (`{ "csp-report": {} }` does not). */
function meaningful(violation: CspViolation): boolean {
  return violation.documentUrl !== null || violation.blockedUrl !== null || violation.directive !== null
}

/** Junk is ignored, not an error; other kinds of report in a batch are skipped. */
export function readViolations(payload: unknown): CspViolation[] {
  const violations: CspViolation[] = []
  if (isObject(payload) && isObject(payload['csp-report'])) {
    violations.push(fromCspReport(payload['csp-report']))
  } else if (Array.isArray(payload)) {
    for (const entry of payload.slice(0, MAX_VIOLATIONS_PER_REQUEST)) {
      if (isObject(entry) && entry.type === 'csp-violation' && isObject(entry.body)) {
        violations.push(fromReportBody(entry.body))
      }
    }
  }
  return violations.filter(meaningful)
}
