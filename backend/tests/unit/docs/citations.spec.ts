import { test } from '@japa/runner'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'

/**
 * Code cites the requirements digest as `(requirements: <file>.md#<anchor>)`, never the product
 * documents it was written from (docs/decisions/009-requirements-digest.md; the form is defined in
 * the digest's README, "How to cite"). This reads every source file and reports, as file:line,
 * each citation of the external documents and each digest citation that does not resolve.
 */

const repo = app.makePath('..')
const digest = join(repo, 'docs', 'requirements')

const SOURCE_ROOTS = [
  'backend/app',
  'backend/start',
  'backend/config',
  'backend/commands',
  'backend/tests',
  'database',
  'scripts',
  'storefront/app',
  'storefront/server',
  'storefront/tests',
  'backoffice/src',
]
const SKIPPED_DIRS = new Set(['node_modules', 'build', 'dist', 'tmp', 'coverage'])
const SOURCE_FILE = /\.(ts|tsx|js|jsx|mjs|cjs|css)$/
/** This file names the forbidden forms itself. */
const SELF = 'backend/tests/unit/docs/citations.spec.ts'

/** The external product documents, however a comment named them. */
const EXTERNAL_CITATION = /\bspec\s+(?:000|001)\b|\bREADME\s+decision|\bspec\s+README\b|\bspec\s+decisions?\s+\d/i
/** `<file>.md#<anchor>` not preceded by a path: a file of the digest. */
const DIGEST_CITATION = /(?<![\w./-])([a-z0-9][a-z0-9-]*\.md)#([a-z0-9][a-z0-9_-]*)/g
/** `requirements:` must name a section. */
const CITATION_LEAD = /\brequirements:(?!\s+[a-z0-9][a-z0-9-]*\.md#[a-z0-9])/gi
/** The digest cited by path (`docs/requirements/booking.md, "Cancelling"`, ...) instead. */
const PATH_CITATION = /\bdocs\/requirements\//

type Source = { path: string; text: string }

function sourceFiles(): Source[] {
  const found: Source[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name))
      } else if (SOURCE_FILE.test(entry.name)) {
        const path = relative(repo, join(dir, entry.name)).split('\\').join('/')
        if (path !== SELF) found.push({ path, text: readFileSync(join(dir, entry.name), 'utf8') })
      }
    }
  }
  for (const root of SOURCE_ROOTS) if (existsSync(join(repo, root))) walk(join(repo, root))
  return found
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Every anchor of a Markdown text, repeated headings numbered as GitHub numbers them. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const base = slug(heading[1])
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

function digestAnchors(): Map<string, Set<string>> {
  const files = new Map<string, Set<string>>()
  for (const name of readdirSync(digest)) {
    if (name.endsWith('.md')) files.set(name, anchorsOf(readFileSync(join(digest, name), 'utf8')))
  }
  return files
}

/** Drops what starts a comment line, so a citation wrapped over two lines reads as one. */
const bare = (line: string) => line.replace(/^\s*(?:\/\/+|\/?\*+\/?)\s?/, '')

/** Citations of the external documents, as file:line and the line. */
function externalCitations(sources: Source[]): string[] {
  const found: string[] = []
  for (const { path, text } of sources) {
    const lines = text.split('\n')
    lines.forEach((line, index) => {
      const next = index + 1 < lines.length ? ` ${bare(lines[index + 1])}` : ''
      const alone = EXTERNAL_CITATION.test(line)
      // Only a match that spans the line break is new on the joined line.
      const spanning = !alone && EXTERNAL_CITATION.test(bare(line) + next) && !EXTERNAL_CITATION.test(next)
      if (alone || spanning) found.push(`${path}:${index + 1}: ${line.trim()}`)
    })
  }
  return found
}

/** Digest citations whose file or heading does not exist, or that are not in the citation form. */
function brokenCitations(sources: Source[], anchors: Map<string, Set<string>>): string[] {
  const found: string[] = []
  for (const { path, text } of sources) {
    text.split('\n').forEach((line, index) => {
      const where = `${path}:${index + 1}`
      for (const [, file, anchor] of line.matchAll(DIGEST_CITATION)) {
        const headings = anchors.get(file)
        if (!headings) found.push(`${where}: no docs/requirements/${file} (${file}#${anchor})`)
        else if (!headings.has(anchor)) found.push(`${where}: no heading #${anchor} in docs/requirements/${file}`)
      }
      for (const lead of line.matchAll(CITATION_LEAD)) {
        // Wrapped after `requirements:`: the section must open the next line.
        const rest = line.slice((lead.index ?? 0) + lead[0].length).trim()
        if (rest === '' && /^[a-z0-9][a-z0-9-]*\.md#/.test(bare(text.split('\n')[index + 1] ?? ''))) continue
        found.push(`${where}: "requirements:" is not followed by <file>.md#<anchor>: ${line.trim()}`)
      }
      if (PATH_CITATION.test(line)) {
        found.push(`${where}: cite the digest as (requirements: <file>.md#<anchor>), not by path: ${line.trim()}`)
      }
    })
  }
  return found
}

test.group('Citations of the requirements', () => {
  test('no source cites the product documents outside the repository', ({ assert }) => {
    assert.deepEqual(externalCitations(sourceFiles()), [])
  })

  test('every citation of docs/requirements names an existing file and heading', ({ assert }) => {
    assert.deepEqual(brokenCitations(sourceFiles(), digestAnchors()), [])
  })

  test('the checks report what they are meant to', ({ assert }) => {
    const anchors = digestAnchors()
    assert.isTrue(anchors.get('booking.md')?.has('cancelling'))
    assert.isTrue(anchors.get('decisions.md')?.has('d2-no-double-booking'))
    const sample: Source = {
      path: 'sample.ts',
      text: [
        '/** Fine (requirements: booking.md#cancelling, decisions.md#d2-no-double-booking). */',
        '/** No such heading (requirements: booking.md#no-such-heading). */',
        '/** No such file (requirements: nowhere.md#cancelling). */',
        '/** No section (requirements: booking.md). */',
        '/** By path (docs/requirements/booking.md, "Cancelling"). */',
        '/** Old (spec 000 section 4), (README decision 2), (spec README decision 6), (spec decision 3). */',
        ' * wrapped (spec',
        ' * 001 section 9).',
      ].join('\n'),
    }
    assert.deepEqual(
      brokenCitations([sample], anchors).map((problem) => problem.split(':').slice(0, 2).join(':')),
      ['sample.ts:2', 'sample.ts:3', 'sample.ts:4', 'sample.ts:5']
    )
    assert.deepEqual(
      externalCitations([sample]).map((problem) => problem.split(':').slice(0, 2).join(':')),
      ['sample.ts:6', 'sample.ts:7']
    )
  })
})
