import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'

/**
 * The image's entrypoint (deploy/entrypoint.sh) and the booking documents' master key file: a
 * key is never generated unasked (a new key cannot open the stored documents), only on the
 * first deployment with DOCUMENTS_MASTER_KEY_GENERATE=true, and then readable by its owner only.
 */

const entrypoint = app.makePath('../deploy/entrypoint.sh')

/** Runs the entrypoint with `env`; its command prints the key it was given. */
function start(env: Record<string, string>) {
  const run = spawnSync(
    'sh',
    [entrypoint, process.execPath, '-e', 'process.stdout.write(process.env.DOCUMENTS_MASTER_KEY ?? "")'],
    // The entrypoint's own `node`: this process's.
    { env: { PATH: `${join(process.execPath, '..')}:${process.env.PATH}`, ...env }, encoding: 'utf8' }
  )
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

test.group('Deploy | the entrypoint and the documents master key', (group) => {
  let dir: string
  let keyFile: string
  group.each.setup(() => {
    dir = mkdtempSync(join(tmpdir(), 'aero-entrypoint-'))
    keyFile = join(dir, 'documents_master_key')
    return () => rmSync(dir, { recursive: true, force: true })
  })

  test('a missing key file stops the start with a clear message, nothing generated', ({ assert }) => {
    const run = start({ DOCUMENTS_MASTER_KEY_FILE: keyFile })
    assert.notEqual(run.status, 0)
    assert.equal(run.stdout, '', 'the command never ran')
    assert.include(run.stderr, keyFile)
    assert.include(run.stderr, 'DOCUMENTS_MASTER_KEY_GENERATE=true')
    assert.isFalse(existsSync(keyFile))
  })

  test('asked on the first deployment, it generates the key once, readable by its owner only', ({ assert }) => {
    const first = start({ DOCUMENTS_MASTER_KEY_FILE: keyFile, DOCUMENTS_MASTER_KEY_GENERATE: 'true' })
    assert.equal(first.status, 0, first.stderr)
    const key = readFileSync(keyFile, 'utf8')
    assert.lengthOf(Buffer.from(key, 'base64'), 32)
    assert.equal(first.stdout, key)
    assert.equal((statSync(keyFile).mode & 0o777).toString(8), '600')

    // Every later start reads the same key, asked or not.
    assert.equal(start({ DOCUMENTS_MASTER_KEY_FILE: keyFile }).stdout, key)
    assert.equal(start({ DOCUMENTS_MASTER_KEY_FILE: keyFile, DOCUMENTS_MASTER_KEY_GENERATE: 'true' }).stdout, key)
  })

  test('a key in the environment wins; the file is not needed', ({ assert }) => {
    writeFileSync(keyFile, '')
    const run = start({ DOCUMENTS_MASTER_KEY_FILE: keyFile, DOCUMENTS_MASTER_KEY: 'from-the-environment' })
    assert.equal(run.status, 0, run.stderr)
    assert.equal(run.stdout, 'from-the-environment')
  })
})
