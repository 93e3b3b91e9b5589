import type { ModuleDocs } from '#core/openapi/types'
import { DOCS_ASSETS } from '#core/openapi/assets'

/** The platform's own routes (start/routes.ts, core/openapi/routes.ts) in the API reference. */
export default {
  tag: 'Platform',
  description:
    'Health checks for operators and load balancers, this reference, and where browsers report Content Security Policy violations.',
  operations: {
    'GET /api/health': {
      summary: 'Liveness',
      description: 'The process answers: `{ status: "ok", uptimeSeconds }`. The same as `/api/health/live`.',
    },
    'GET /api/health/live': {
      summary: 'Liveness',
      description: 'The process answers (restart it if not): `{ status: "ok", uptimeSeconds }`.',
    },
    'GET /api/health/ready': {
      summary: 'Readiness',
      description:
        'The instance can serve: the database answers, every migration is applied, the storage disks take a write.',
      responses: {
        200: '`{ isHealthy: true, status, finishedAt, checks, uptimeSeconds }`',
        503: { description: 'A check failed: the same report, naming the check and why.' },
      },
    },
    'POST /api/csp-reports': {
      summary: 'A Content Security Policy violation report',
      description:
        "Where browsers report what a page's policy blocked (`report-uri`, `application/csp-report`; `report-to`, " +
        '`application/reports+json`). Each violation is logged. Bodies up to 64 kB, 30 reports per address and minute.',
      responses: {
        204: 'Taken (junk that names no violation is taken and ignored).',
        400: 'Not JSON.',
        413: 'Larger than 64 kB.',
        415: 'Not a report type.',
        429: 'Too many reports from this address.',
      },
    },
    'GET /api/docs': {
      summary: 'This reference (HTML)',
      description: 'Swagger UI over `/api/docs/openapi.json`.',
      responses: { 200: { description: 'The page.', contentType: 'text/html', schema: { type: 'string' } } },
    },
    'GET /api/docs/openapi.json': {
      summary: 'This reference (OpenAPI 3.1)',
      description: 'Generated from the routes and their validators; import it into a client generator or an API tool.',
    },
    'GET /api/docs/assets/:file': {
      summary: "The reference page's assets",
      params: {
        file: Object.keys(DOCS_ASSETS)
          .map((name) => `\`${name}\``)
          .join(', '),
      },
      responses: {
        200: {
          description: 'The file, cached for a year.',
          contentType: 'application/octet-stream',
          schema: { type: 'string' },
        },
        404: 'Not found',
      },
    },
  },
} satisfies ModuleDocs
