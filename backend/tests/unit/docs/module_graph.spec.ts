import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'

/**
 * The module diagram of docs/architecture.md is the import graph of backend/app: an arrow from a
 * module to each module whose face (`#<module>`) or files (`#<module>/...`) it imports, dotted when
 * it imports only types. `#core` is left out: every module uses it and it uses none.
 */

const APP = app.makePath('app')
const DOCUMENT = app.makePath('..', 'docs', 'architecture.md')
const BEGIN = '<!-- modules:begin (backend/tests/unit/docs/module_graph.spec.ts) -->'
const END = '<!-- modules:end -->'

const IMPORT = /\b(import|export)\s+(type\s+)?(?:[^;'"]*?\bfrom\s+)?'#([a-z_]+)[/']|\bimport\(\s*'#([a-z_]+)[/']/g

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []
  )
}

function moduleGraph(): string {
  const modules = readdirSync(APP, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'core')
    .map((entry) => entry.name)
    .sort()
  /** `from|to` to whether any of those imports brings values, not just types. */
  const edges = new Map<string, boolean>()
  for (const from of modules) {
    for (const file of filesOf(join(APP, from))) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const to = match[3] ?? match[4]
        if (to === from || !modules.includes(to)) continue
        const key = `${from}|${to}`
        edges.set(key, (edges.get(key) ?? false) || !match[2])
      }
    }
  }
  const lines = ['flowchart LR', ...modules.map((name) => `  ${name}`)]
  for (const [key, values] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
    const [from, to] = key.split('|')
    lines.push(`  ${from} ${values ? '-->' : '-.->'} ${to}`)
  }
  return lines.join('\n')
}

function committedGraph(document: string): string | null {
  const start = document.indexOf(BEGIN)
  const end = document.indexOf(END)
  if (start === -1 || end === -1) return null
  return document
    .slice(start + BEGIN.length, end)
    .trim()
    .replace(/^```mermaid\n/, '')
    .replace(/\n```$/, '')
}

test.group('Docs | the module diagram', () => {
  test('docs/architecture.md shows exactly the imports between backend/app modules', ({ assert }) => {
    const committed = committedGraph(readFileSync(DOCUMENT, 'utf8'))
    assert.isNotNull(committed, 'docs/architecture.md lost its diagram markers')
    const actual = moduleGraph()
    assert.equal(
      committed,
      actual,
      `Put this between the markers of docs/architecture.md:\n\`\`\`mermaid\n${actual}\n\`\`\``
    )
  })

  test('the graph reads value and type-only imports, static and dynamic', ({ assert }) => {
    const sample = [
      "import { a } from '#one'",
      "import type { B } from '#two/models/b'",
      "export { c } from '#three'",
      "const d = () => import('#four/controllers/d')",
      "import {\n  e,\n  type F,\n} from '#five'",
    ].join('\n')
    const found = [...sample.matchAll(IMPORT)].map((match) => [match[3] ?? match[4], Boolean(match[2])])
    assert.deepEqual(found, [
      ['one', false],
      ['two', true],
      ['three', false],
      ['four', false],
      ['five', false],
    ])
  })
})
