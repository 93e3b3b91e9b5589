// First: tracing (when the OTEL_* variables ask for it) hooks the modules it traces as they load.
await import('../otel.js')
await import('reflect-metadata')
const { Ignitor, prettyPrintError } = await import('@adonisjs/core')

const { createServer } = await import('node:http')
const { acceptRequestIds } = await import('../app/core/request_id.js')

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

/** Read once the config is loaded; the server is created after that. */
let trustsProxy: (address: string | undefined) => boolean = () => false

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.booted(async () => {
      const { trustedProxies } = await import('#config/app')
      trustsProxy = (address) => trustedProxies.trusts(address)
    })
    // A stop asked for (a deploy, a scale-in) drains first; Ctrl-C stops at once.
    app.listen('SIGTERM', async () => {
      const [{ default: env }, { drain }] = await Promise.all([import('#start/env'), import('#core/drain')])
      await drain((env.get('SHUTDOWN_DRAIN_SECONDS') ?? 0) * 1000)
      await app.terminate()
    })
    app.listen('SIGINT', () => app.terminate())
  })
  .httpServer()
  .start((handle) => createServer(acceptRequestIds(handle, (address) => trustsProxy(address))))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
