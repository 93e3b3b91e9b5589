/**
 * backend/.env as `npm start` writes it (scripts/backend-env.ts): it holds APP_KEY and the
 * documents' master key, so only its owner may read it. `node --test scripts/backend-env.test.ts`.
 */
import assert from 'node:assert/strict'
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { prepareBackendEnv } from './backend-env.ts'

const dir = mkdtempSync(join(tmpdir(), 'aero-backend-env-'))
after(() => rmSync(dir, { recursive: true, force: true }))
const example = join(dir, '.env.example')
writeFileSync(example, 'NODE_ENV=development\nAPP_KEY=\nDOCUMENTS_MASTER_KEY=\n')
const modeOf = (path: string) => statSync(path).mode & 0o777

test('a new backend/.env is written with its keys, readable by its owner only', () => {
  const envFile = join(dir, 'new.env')
  assert.match(prepareBackendEnv(envFile, example) ?? '', /wrote backend\/.env/)
  const written = readFileSync(envFile, 'utf8')
  assert.match(written, /^APP_KEY=.{43}$/m)
  assert.match(written, /^DOCUMENTS_MASTER_KEY=[A-Za-z0-9+/]{43}=$/m)
  assert.equal(modeOf(envFile).toString(8), '600')
})

test('an older backend/.env readable by others gets the documents key and is narrowed to its owner', () => {
  const envFile = join(dir, 'old.env')
  writeFileSync(envFile, 'APP_KEY=kept\n')
  chmodSync(envFile, 0o644)
  assert.equal(prepareBackendEnv(envFile, example), 'added DOCUMENTS_MASTER_KEY to backend/.env')
  assert.match(readFileSync(envFile, 'utf8'), /^APP_KEY=kept$/m)
  assert.equal(modeOf(envFile).toString(8), '600')

  chmodSync(envFile, 0o664)
  const before = readFileSync(envFile, 'utf8')
  assert.equal(prepareBackendEnv(envFile, example), null, 'nothing more to add')
  assert.equal(readFileSync(envFile, 'utf8'), before)
  assert.equal(modeOf(envFile).toString(8), '600')
})
