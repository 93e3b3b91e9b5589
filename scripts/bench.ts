/**
 * `npm run bench`: the product's benchmarks, one scenario after another, each in its own
 * process on a fresh stack; `npm run bench -- launch soak` runs the named ones only. Each
 * scenario prints its figures side by side with its bare baseline (scripts/bench/*.ts say what
 * they measure); a scenario exits non-zero only on a wrong result (a double booking, a 5xx, a
 * write where none belongs), never on a figure.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const here = join(import.meta.dirname, 'bench')
/** What a plain `npm run bench` runs: the figures of one host. */
const DEFAULT = ['api', 'page', 'members', 'writes', 'lighthouse', 'backoffice', 'soak', 'launch']
/** Longer or more specialised: named to run. */
const NAMED = ['cluster', 'notifications', 'fees', 'documents', 'observability', 'prices']

const asked = process.argv.slice(2)
// scripts/bench/lib/ holds what the scenarios share; a scenario is a file of scripts/bench itself.
const unknown = asked.filter((name) => !/^\w+$/.test(name) || !existsSync(join(here, `${name}.ts`)))
if (unknown.length > 0) {
  console.error(`No such scenario: ${unknown.join(', ')}. Scenarios: ${[...DEFAULT, ...NAMED].join(', ')}`)
  process.exit(2)
}

let failed = 0
for (const name of asked.length > 0 ? asked : DEFAULT) {
  console.log(`\n######## bench: ${name}`)
  const run = spawnSync(process.execPath, [join(here, `${name}.ts`)], { stdio: 'inherit', env: process.env })
  if (run.status !== 0) {
    console.error(`bench ${name} failed (exit ${run.status ?? run.signal})`)
    failed += 1
  }
}
process.exit(failed > 0 ? 1 : 0)
