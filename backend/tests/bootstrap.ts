import { rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { assert } from '@japa/assert'
import { ApiClient, apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { Test } from '@japa/runner/core'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { acceptRequestIds } from '#core/request_id'
import { driveFakesFolder } from '#config/drive'
import { ensureDatabaseExists, migrateOwnDatabase, truncateDatabase } from '#tests/helpers/database'

export const plugins: Config['plugins'] = [assert(), pluginAdonisJS(app), apiClient()]

/**
 * The server answers before a transition's outbox is delivered (#core/outbox); on the tests' `sync`
 * queue its delivery runs as it is dispatched, and the test client waits for it, so a test reads
 * the notifications and emails a request caused right after its answer, as before the outbox.
 * tests/helpers/outbox.ts turns the wait off for a test that checks the answer does not wait.
 */
ApiClient.teardown(async () => {
  const { awaitOutboxAfterRequests } = await import('#tests/helpers/outbox')
  await awaitOutboxAfterRequests()
})
// And every test's deliveries end before its global transaction is rolled back.
Test.executing((test) =>
  test.cleanup(async () => {
    const { outboxDispatched } = await import('#core/outbox')
    await outboxDispatched()
  })
)

/**
 * Migrations run once per test run (MySQL commits DDL implicitly, so never inside a
 * test), then every table is emptied: each test starts from a known, empty database
 * and wraps its own writes in a global transaction.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => ensureDatabaseExists(), () => migrateOwnDatabase(), () => truncateDatabase()],
  teardown: [() => rm(driveFakesFolder, { recursive: true, force: true })],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional', 'e2e'].includes(suite.name)) {
    // As bin/server.ts: an X-Request-Id is kept only from a trusted proxy.
    return suite.setup(async () => {
      const { trustedProxies } = await import('#config/app')
      return testUtils
        .httpServer()
        .start((handle) => createServer(acceptRequestIds(handle, (address) => trustedProxies.trusts(address))))
    })
  }
}
