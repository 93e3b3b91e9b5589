/** The gateway's Node flags (scripts/gateway-server.ts). `node --test scripts/gateway-server.test.ts`. */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { GATEWAY_NODE_FLAGS, gatewayServer } from './gateway-server.ts'

const root = join(import.meta.dirname, '..')

/** Short-lived garbage at a render's pace, then the young generation's size in MB. */
const ALLOCATE = `
const v8 = await import('node:v8')
let kept = []
for (let i = 0; i < 4e6; i++) {
  kept.push({ i, text: 'row ' + i })
  if (kept.length > 3e5) kept = []
}
const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')
console.log(Math.round(young.space_size / 2 ** 20))
`

function youngGenerationMB(flags: string[]): number {
  const run = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', ALLOCATE], { encoding: 'utf8' })
  assert.equal(run.status, 0, run.stderr)
  return Number(run.stdout)
}

test('the gateway caps its young generation: two semi-spaces of 16 MB at most', () => {
  assert.deepEqual(gatewayServer.args.slice(0, -1), GATEWAY_NODE_FLAGS)
  assert.ok(youngGenerationMB(GATEWAY_NODE_FLAGS) <= 32)
  // Without the flag, V8 grows it past that on this load.
  assert.ok(youngGenerationMB([]) > 32)
})

test('the scripts give the gateway the malloc setting of the image', () => {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8')
  const inImage = /^ENV .*MALLOC_MMAP_THRESHOLD_=(\d+)/m.exec(dockerfile)?.[1]
  assert.ok(inImage, 'the Dockerfile sets MALLOC_MMAP_THRESHOLD_')
  const { MALLOC_MMAP_THRESHOLD_: _, ...inherited } = process.env
  assert.equal(gatewayServer.env(inherited).MALLOC_MMAP_THRESHOLD_, inImage)
})

test('every way of starting the gateway gives it the same flags', () => {
  const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8')
  assert.ok(
    compose.includes(`command: ${JSON.stringify(['node', ...gatewayServer.args]).replaceAll(',', ', ')}`),
    'docker-compose.yml, the gateway service'
  )
  const storefront = JSON.parse(readFileSync(join(root, 'storefront/package.json'), 'utf8'))
  assert.equal(storefront.scripts.start, ['node', ...gatewayServer.args].join(' '))
})
