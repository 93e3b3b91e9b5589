import { test } from '@japa/runner'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'

/**
 * Every API answer's resource shape is built by a `serialize<Resource>` function in its module's
 * `transformers/` folder (docs/decisions/024-one-serializing-style.md). Controllers and booking
 * parts only wrap what those return (a message, a list, a total); this reports, as file:line, the
 * places that build a shape themselves.
 */

const APP = app.makePath('app')

const FORBIDDEN: Array<[RegExp, string]> = [
  [/\.serialize\(\s*\)|\.toJSON\(\s*\)/, 'a model serialized by Lucid instead of a transformer'],
  [/\bfunction\s+serialize[A-Z]\w*/, 'a serializer defined outside transformers/'],
  [/(^|[\s{,])_id:/, "the spec's `_id` alias written outside a transformer"],
  [/\.toISO(Date)?\(\)/, 'a date formatted for the answer outside a transformer'],
]

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : []
  })
}

function modules() {
  return readdirSync(APP).filter((name) => statSync(join(APP, name)).isDirectory())
}

/** Controllers, and the booking parts whose fields join the booking's answer. */
function answerBuilders() {
  return modules().flatMap((module) => {
    const dir = join(APP, module)
    const controllers = readdirSync(dir).includes('controllers') ? filesUnder(join(dir, 'controllers')) : []
    const parts = readdirSync(dir)
      .filter((name) => name === 'booking_part.ts')
      .map((name) => join(dir, name))
    return [...controllers, ...parts]
  })
}

test.group('Answers | built by transformers only', () => {
  test('controllers and booking parts never shape a resource themselves', ({ assert }) => {
    const found: string[] = []
    for (const file of answerBuilders()) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const [pattern, why] of FORBIDDEN) {
            if (pattern.test(line)) found.push(`${relative(APP, file)}:${index + 1}: ${why}`)
          }
        })
    }
    assert.deepEqual(found, [])
  })

  test('a transformers/ file is <resource>_transformer.ts and exports serialize<Resource> functions', ({ assert }) => {
    const found: string[] = []
    for (const module of modules()) {
      const dir = join(APP, module, 'transformers')
      let names: string[]
      try {
        names = readdirSync(dir)
      } catch {
        continue
      }
      for (const name of names) {
        const path = relative(APP, join(dir, name))
        if (!name.endsWith('_transformer.ts')) found.push(`${path}: not named <resource>_transformer.ts`)
        const text = readFileSync(join(dir, name), 'utf8')
        if (!/export (async )?function serialize[A-Z]/.test(text)) found.push(`${path}: exports no serialize<Resource>`)
      }
    }
    assert.deepEqual(found, [])
  })

  test('controllers validate the request through request.validateUsing', ({ assert }) => {
    const found: string[] = []
    for (const file of answerBuilders().filter((path) => path.includes('/controllers/'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (/\.validate\(/.test(line)) found.push(`${relative(APP, file)}:${index + 1}`)
        })
    }
    assert.deepEqual(found, [])
  })

  test('the guard sees what it looks for', ({ assert }) => {
    const flagged = (line: string) => FORBIDDEN.some(([pattern]) => pattern.test(line))
    assert.isTrue(flagged('    return lot.serialize()'))
    assert.isTrue(flagged('    return { id: lot.id, _id: lot.id }'))
    assert.isTrue(flagged('function serializeThing(thing: Thing) {'))
    assert.isTrue(flagged('      lastShared: property.lastSharedAt?.toISO() ?? null,'))
    assert.isFalse(flagged('    return { ...serializeLot(lot), message }'))
    assert.isFalse(flagged("      .where('development_id', development.id)"))
  })
})
