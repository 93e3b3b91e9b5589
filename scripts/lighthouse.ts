/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default) on the public pages of a
 * production build with the demo data, and the JavaScript each page loads.
 *
 * 1. Builds the storefront (the backoffice too, if it has never been built).
 * 2. Starts the stack as the browser journeys do (scripts/stack.ts): its own
 *    database `aero_lighthouse` on MariaDB (MYSQL_* env, default root@127.0.0.1), migrated
 *    and seeded; the backend; the gateway on a free port.
 * 3. Runs Lighthouse with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) on
 *    `/`, `/aero-industrial-hub` and `/properties/aeroindustrial/type/A`, and prints the
 *    four category scores and the JavaScript transferred, also as gzip would send it.
 *
 * Targets: every score >= 95; JavaScript on `/` <= 150 kB gzip. LIGHTHOUSE_STRICT=1 makes
 * a missed target exit 1. LIGHTHOUSE_RUNS=n takes the median of n runs per page.
 * LIGHTHOUSE_REPORTS=dir keeps each page's full JSON report there.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { databaseFromEnv, startStack } from './stack.ts'

const root = join(import.meta.dirname, '..')
const PAGES = ['/', '/aero-industrial-hub', '/properties/aeroindustrial/type/A']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const SCORE_TARGET = 95
const LANDING_JS_TARGET_KB = 150
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1))
/** The Chromium flags of the browser journeys (design/TOOLCHAIN.md). */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

interface PageResult {
  path: string
  scores: Record<(typeof CATEGORIES)[number], number>
  /** Bytes of JavaScript the page transferred, as served. */
  scriptTransfer: number
  /** The same scripts gzip-compressed (what a compressing proxy or CDN sends). */
  scriptGzip: number
  scripts: number
}

function step(message: string) {
  console.log(`• ${message}`)
}

function build() {
  step('Building the storefront (production)')
  run('npm', ['run', 'build', '-w', 'storefront'])
  if (!existsSync(join(root, 'backoffice/dist/index.html'))) {
    step('Building the backoffice (first time)')
    run('npm', ['run', 'build', '-w', 'backoffice'])
  }
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`)
}

/** Gzip size of each script, fetched once per address. */
const gzipSizes = new Map<string, number>()
async function gzipSize(url: string): Promise<number> {
  const known = gzipSizes.get(url)
  if (known !== undefined) return known
  const body = Buffer.from(await (await fetch(url)).arrayBuffer())
  const size = gzipSync(body, { level: 6 }).length
  gzipSizes.set(url, size)
  return size
}

interface NetworkItem {
  url: string
  resourceType?: string
  transferSize?: number
}

async function measure(port: number, url: string, path: string): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  if (process.env.LIGHTHOUSE_REPORTS) {
    mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true })
    const name = path === '/' ? 'landing' : path.replace(/^\/|\/$/g, '').replace(/\//g, '_')
    writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), result.report as string)
  }

  const items = (
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
  ).filter((item) => item.resourceType === 'Script')
  let scriptGzip = 0
  for (const item of items) scriptGzip += await gzipSize(item.url)
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])
  ) as PageResult['scores']
  return {
    path,
    scores,
    scriptTransfer: items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptGzip,
    scripts: items.length,
  }
}

function median<T>(results: T[], key: (result: T) => number): T {
  return [...results].sort((a, b) => key(a) - key(b))[Math.floor(results.length / 2)]
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

function report(results: PageResult[]): boolean {
  const header = ['page', 'perf', 'a11y', 'best', 'seo', 'JS transferred', 'JS gzip', 'scripts']
  const rows = results.map((result) => [
    result.path,
    ...CATEGORIES.map((category) => String(result.scores[category])),
    kB(result.scriptTransfer),
    kB(result.scriptGzip),
    String(result.scripts),
  ])
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)))
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')
  console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, production build, demo data`)
  console.log(line(header))
  for (const row of rows) console.log(line(row))

  const misses: string[] = []
  for (const result of results) {
    for (const category of CATEGORIES) {
      if (result.scores[category] < SCORE_TARGET)
        misses.push(`${result.path} ${category} ${result.scores[category]} < ${SCORE_TARGET}`)
    }
  }
  const landing = results.find((result) => result.path === '/')
  if (landing && landing.scriptGzip > LANDING_JS_TARGET_KB * 1024) {
    misses.push(`/ JavaScript ${kB(landing.scriptGzip)} gzip > ${LANDING_JS_TARGET_KB} kB`)
  }
  console.log(
    misses.length
      ? `\nTargets missed:\n  ${misses.join('\n  ')}`
      : `\nTargets met: every score >= ${SCORE_TARGET}, JavaScript on / <= ${LANDING_JS_TARGET_KB} kB gzip.`
  )
  return misses.length === 0
}

async function main() {
  build()
  step('Starting the stack (database aero_lighthouse)')
  const stack = await startStack({ database: databaseFromEnv('aero_lighthouse'), gateway: true })
  let chrome: chromeLauncher.LaunchedChrome | undefined
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROMIUM_FLAGS,
    })
    const results: PageResult[] = []
    for (const path of PAGES) {
      const runs: PageResult[] = []
      for (let index = 0; index < RUNS; index++) {
        step(`Lighthouse ${path}${RUNS > 1 ? ` (run ${index + 1} of ${RUNS})` : ''}`)
        runs.push(await measure(chrome.port, `${stack.baseURL}${path}`, path))
      }
      results.push(median(runs, (result) => result.scores.performance))
    }
    const met = report(results)
    if (!met && process.env.LIGHTHOUSE_STRICT === '1') process.exitCode = 1
  } finally {
    chrome?.kill()
    await stack.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
