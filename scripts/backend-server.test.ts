/** The compiled backend's environment (scripts/backend-server.ts). `node --test scripts/backend-server.test.ts`. */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { test } from 'node:test'
import { backendServer } from './backend-server.ts'

/** 96 scrypt hashes at the backend's production cost, eight at a time; the growth of RSS it leaves, in MB. */
const HASHES = `
import { scrypt } from 'node:crypto'
const hash = () => new Promise((resolve) => scrypt('password', 'salt', 64, { N: 16384, r: 8, p: 1, maxmem: 64 << 20 }, resolve))
const before = process.memoryUsage().rss
for (let round = 0; round < 12; round++) await Promise.all(Array.from({ length: 8 }, hash))
console.log(Math.round((process.memoryUsage().rss - before) / 2 ** 20))
`

test('password hashes hand their 16 MB blocks back: the resident memory they leave stays small', () => {
  const { MALLOC_MMAP_THRESHOLD_: _, ...inherited } = process.env
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', HASHES], {
    env: backendServer.env(inherited),
    encoding: 'utf8',
  })
  assert.equal(run.status, 0, run.stderr)
  // Without the fixed threshold, about 70 MB stay.
  assert.ok(Number(run.stdout) < 30, `${run.stdout.trim()} MB left resident`)
})
