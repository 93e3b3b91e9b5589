import type { TestProject } from 'vitest/node'
import { databaseFromEnv, startStack } from '../../../scripts/stack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

/**
 * Starts a fresh stack (scripts/stack.ts): own database, migrated and seeded; backend; gateway.
 * E2E_DB_NAME lets parallel runs (several developers on one machine) keep apart; DB_CONNECTION
 * other than mysql runs on a throwaway SQLite file.
 */
export default async function setup(project: TestProject) {
  const stack = await startStack({ database: databaseFromEnv(process.env.E2E_DB_NAME ?? 'aero_e2e'), gateway: true })
  project.provide('baseURL', stack.baseURL)
  return stack.stop
}
