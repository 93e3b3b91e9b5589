import type { ModuleDocs } from '#core/openapi/types'
import { DOCS_ASSETS } from '#core/openapi/assets'

/** The platform's own routes (start/routes.ts, core/openapi/routes.ts) in the API reference. */
export default {
  tag: 'Platform',
  description: 'Health checks for operators and load balancers, and this reference.',
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
