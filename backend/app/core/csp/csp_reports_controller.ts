import type { IncomingMessage } from 'node:http'
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import limiter from '@adonisjs/limiter/services/main'
import { AppError } from '#core/errors'
import { REPORT_TYPES, readViolations } from '#core/csp/violation_report'

/** A browser's report is a few hundred bytes; a batch of them a few kB. */
export const MAX_REPORT_BYTES = 64 * 1024

/** Reports taken per client address and minute: a page that breaks its policy reports each blocked thing. */
export const REPORTS_PER_MINUTE = 30

/**
 * POST /api/csp-reports: each violation is logged for operators; answered 204. Public (browsers send reports
 * without credentials), so bounded in size, rate, count and value length.
 */
export default class CspReportsController {
  async store({ request, response }: HttpContext) {
    const type = request.is([...REPORT_TYPES])
    // The JSON type is parsed by the body parser (within its own limit); the two report types it leaves unread.
    const body = request.raw() ?? (await readBounded(request.request, MAX_REPORT_BYTES))
    if (!type) {
      throw new AppError('Send a violation report as application/csp-report or application/reports+json.', 415)
    }
    if (body === null || Buffer.byteLength(body) > MAX_REPORT_BYTES) {
      throw new AppError('The report is too large.', 413)
    }
    const allowed = await limiter
      .use({ requests: REPORTS_PER_MINUTE, duration: '1 min' })
      .attempt(`csp-report:${request.ip()}`, () => true)
    if (!allowed) throw AppError.tooManyRequests('Too many reports from your connection.', 60)
    let payload: unknown
    try {
      payload = JSON.parse(body)
    } catch {
      throw new AppError('The report is not valid JSON.', 400)
    }
    for (const violation of readViolations(payload)) {
      logger.warn({ cspViolation: violation, ip: request.ip() }, 'Content Security Policy violation')
    }
    return response.noContent()
  }
}

/** The rest is still read and dropped, so the answer reaches a client that is still sending. */
async function readBounded(stream: IncomingMessage, limit: number): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += (chunk as Buffer).length
    if (size <= limit) chunks.push(chunk as Buffer)
  }
  return size > limit ? null : Buffer.concat(chunks).toString('utf8')
}
