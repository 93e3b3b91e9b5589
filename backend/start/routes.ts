import router from '@adonisjs/core/services/router'
import type { HealthChecks } from '@adonisjs/core/health'
import { isDraining } from '#core/drain'

/** Each business module registers its own routes under /api. */
await import('#identity/routes')
await import('#agencies/routes')
await import('#inventory/routes')
await import('#bookings/routes')
await import('#fees/routes')
await import('#documents/routes')
await import('#portfolio/routes')
await import('#contact/routes')
await import('#dashboards/routes')
await import('#audit/routes')
await import('#notifications/routes')
await import('#privacy/routes')
await import('#waitlist/routes')

/** The API reference at /api/docs, generated from these routes and start/api_reference.ts. */
await import('#core/openapi/routes')

/** Where browsers report what the pages' Content Security Policy blocked. */
await import('#core/csp/routes')

/**
 * Health for operators and load balancers (README, "Health checks"): `live` says the process
 * answers (restart it if not), `ready` that it can serve (database, migrations, storage, the
 * documents' master key); 503 with the report when a check fails. `/api/health` is the
 * liveness answer too.
 */
const live = () => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) })
router.get('/api/health', live)
router.get('/api/health/live', live)
/**
 * Core's checks and the modules' own (core knows no module), put together once at boot: the
 * database check keeps the connection it is given, never one a request (or a test's global
 * transaction) holds at its first probe.
 */
const readinessChecks: Promise<HealthChecks> = Promise.all([import('#core/health'), import('#documents')]).then(
  ([core, documents]) =>
    // A wrong DOCUMENTS_MASTER_KEY starts fine, then fails every booking document.
    core.readinessChecks.append([new documents.DocumentMasterKeyCheck()])
)
router.get('/api/health/ready', async ({ response }) => {
  if (isDraining()) return response.status(503).send({ isHealthy: false, status: 'draining' })
  const { debugInfo, ...report } = await (await readinessChecks).run()
  return response.status(report.isHealthy ? 200 : 503).send({ ...report, uptimeSeconds: Math.round(debugInfo.uptime) })
})
