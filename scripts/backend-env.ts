/**
 * backend/.env as `npm start` keeps it (scripts/start.ts): written from .env.example on first
 * start with a fresh APP_KEY and DOCUMENTS_MASTER_KEY, and the documents' key added once to an
 * .env from before encryption at rest. The file holds those keys: it is its owner's only (0600),
 * also when it existed before with wider rights.
 */
import { appendFileSync, chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'

/** Writes or completes `envFile`; answers what it did, or null when there was nothing to do. */
export function prepareBackendEnv(envFile: string, exampleFile: string): string | null {
  let done: string | null = null
  if (!existsSync(envFile)) {
    const example = readFileSync(exampleFile, 'utf8')
    writeFileSync(
      envFile,
      example
        .replace(/^APP_KEY=.*$/m, `APP_KEY=${randomBytes(32).toString('base64url')}`)
        .replace(/^NODE_ENV=.*$/m, 'NODE_ENV=production')
        .replace(/^DOCUMENTS_MASTER_KEY=.*$/m, `DOCUMENTS_MASTER_KEY=${randomBytes(32).toString('base64')}`),
      { mode: 0o600 }
    )
    done = 'wrote backend/.env (embedded SQLite, new APP_KEY and DOCUMENTS_MASTER_KEY)'
  } else if (!/^DOCUMENTS_MASTER_KEY=./m.test(readFileSync(envFile, 'utf8'))) {
    // An .env from before encryption at rest: the documents' master key is added once (keep it).
    appendFileSync(envFile, `\nDOCUMENTS_MASTER_KEY=${randomBytes(32).toString('base64')}\n`)
    done = 'added DOCUMENTS_MASTER_KEY to backend/.env'
  }
  // `mode` applies only to a file being created; an older file is narrowed here.
  chmodSync(envFile, 0o600)
  return done
}
