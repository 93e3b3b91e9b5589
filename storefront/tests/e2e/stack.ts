import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { databaseFromEnv, startStack } from '../../../scripts/stack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The folder of this run's lot claims (lot-claims.ts). */
    lotClaims: string
  }
}

/**
 * Starts a fresh stack (scripts/stack.ts): own database, migrated and seeded; backend; gateway.
 * E2E_DB_NAME lets parallel runs (several developers on one machine) keep apart; DB_CONNECTION
 * other than mysql runs on a throwaway SQLite file.
 */
export default async function setup(project: TestProject) {
  const stack = await startStack({ database: databaseFromEnv(process.env.E2E_DB_NAME ?? 'aero_e2e'), gateway: true })
  const lotClaims = mkdtempSync(join(tmpdir(), 'aero-lot-claims-'))
  project.provide('baseURL', stack.baseURL)
  project.provide('lotClaims', lotClaims)
  return async () => {
    await stack.stop()
    rmSync(lotClaims, { recursive: true, force: true })
  }
}
