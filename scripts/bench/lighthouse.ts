/**
 * `npm run bench -- lighthouse`: Lighthouse (mobile, its default) on the public pages and on the
 * agent admin's phone pages of a production build with the demo data, and the JavaScript each
 * page loads.
 *
 * 1. Builds the storefront and the backoffice.
 * 2. Starts the stack as the browser journeys do (scripts/stack.ts): its own
 *    database `aero_lighthouse` (LIGHTHOUSE_DB_NAME) on MariaDB (MYSQL_* env, default root@127.0.0.1), migrated
 *    and seeded; the backend; the gateway on a free port.
 * 3. Runs Lighthouse with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) on
 *    `/`, `/aero-industrial-hub` and `/properties/aeroindustrial/type/A` signed out, and on the
 *    agent dashboard (`/backoffice/`, the backoffice home) and the booking requests list
 *    (`/backoffice/agent/booking-requests`) signed in as the demo agent admin (the session
 *    cookie of `POST /api/auth/login`, sent with every request). It prints the four category
 *    scores and the JavaScript transferred, also as gzip would send it, and for a page that
 *    misses a target the audits that cost it the most.
 *
 * For the two backoffice pages, a repeat visit follows (Lighthouse keeping the browser's cache,
 * as a phone opening the backoffice again), and a table of the phone's targets: performance
 * >= 90 and JavaScript <= 250 kB gzip on the first visit, First Contentful Paint <= 1 s on the
 * repeat visit.
 *
 * Targets: every score >= 95; JavaScript on `/` <= 150 kB gzip. LIGHTHOUSE_STRICT=1 makes
 * a missed target exit 1. LIGHTHOUSE_RUNS=n takes the median of n runs per page.
 * LIGHTHOUSE_REPORTS=dir keeps each page's full JSON report there. LIGHTHOUSE_PAGES=/backoffice
 * measures only the pages whose path starts with it; LIGHTHOUSE_SKIP_BUILD=1 uses the builds there are.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result as LighthouseResult } from 'lighthouse'
import { databaseFromEnv, startStack } from '../stack.ts'

const root = join(import.meta.dirname, '../..')
/** The demo agent admin (database/ seeds), whom agents' phones sign in as. */
const AGENT_ADMIN = { email: 'agent@aero-demo.my', password: 'Demo@2024' }
const PAGES: Array<{ path: string; signedIn?: typeof AGENT_ADMIN }> = [
  { path: '/' },
  { path: '/aero-industrial-hub' },
  { path: '/properties/aeroindustrial/type/A' },
  // The agent's dashboard is the backoffice home (/agent-dashboard redirects there).
  { path: '/backoffice/', signedIn: AGENT_ADMIN },
  { path: '/backoffice/agent/booking-requests', signedIn: AGENT_ADMIN },
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const SCORE_TARGET = 95
const LANDING_JS_TARGET_KB = 150
/** The backoffice on an agent's phone: first visit, and a repeat visit with the scripts cached. */
const BACKOFFICE_PERFORMANCE_TARGET = 90
const BACKOFFICE_JS_TARGET_KB = 250
const BACKOFFICE_REPEAT_FCP_TARGET_MS = 1000
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1))
/** The Chromium flags of the browser journeys. */
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
  /** First Contentful Paint, ms (Lighthouse's simulated phone). */
  fcp: number
  /** The audits that cost the most points, in the categories below the target. */
  losses: string[]
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
  step('Building the storefront and the backoffice (production)')
  run('npm', ['run', 'build'])
}

/** The Cookie header of a signed-in browser: the session cookie `POST /api/auth/login` sets. */
async function sessionCookie(baseURL: string, account: typeof AGENT_ADMIN): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(account),
  })
  if (!response.ok) throw new Error(`login of ${account.email} failed: ${response.status} ${await response.text()}`)
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  if (cookies.length === 0) throw new Error(`login of ${account.email} set no cookie`)
  return cookies.join('; ')
}

/** The audits weighing most on each category below the target, worst first (what to fix first). */
function losses(lhr: LighthouseResult): string[] {
  const lost: Array<{ points: number; text: string }> = []
  for (const category of CATEGORIES) {
    const { score, auditRefs } = lhr.categories[category] ?? {}
    if (score === undefined || score === null || score * 100 >= SCORE_TARGET) continue
    const weights = auditRefs.reduce((sum, ref) => sum + ref.weight, 0)
    for (const ref of auditRefs) {
      const audit = lhr.audits[ref.id]
      if (!ref.weight || audit?.score === null || audit?.score === undefined || audit.score >= 1) continue
      const points = (ref.weight / weights) * (1 - audit.score) * 100
      const value = audit.displayValue ? `: ${audit.displayValue}` : ''
      lost.push({ points, text: `${category} -${points.toFixed(1)} ${ref.id} (${audit.title}${value})` })
    }
  }
  return lost
    .sort((a, b) => b.points - a.points)
    .slice(0, 8)
    .map((loss) => loss.text)
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

/**
 * One Lighthouse run. `repeat`: a repeat visit, the browser's cache as the run before left it
 * (Lighthouse otherwise empties it first).
 */
async function measure(
  port: number,
  url: string,
  path: string,
  { cookie, repeat = false }: { cookie?: string; repeat?: boolean } = {}
): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    disableStorageReset: repeat,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  if (process.env.LIGHTHOUSE_REPORTS) {
    mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true })
    const name = `${path === '/' ? 'landing' : path.replace(/^\/|\/$/g, '').replace(/\//g, '_')}${repeat ? '.repeat' : ''}`
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
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    losses: losses(lhr),
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
  // Each category with its target; a score below it is marked.
  const header = [
    'page',
    ...['perf', 'a11y', 'best', 'seo'].map((name) => `${name} (>=${SCORE_TARGET})`),
    'JS transferred',
    'JS gzip',
    'scripts',
  ]
  const rows = results.map((result) => [
    result.path,
    ...CATEGORIES.map((category) => `${result.scores[category] < SCORE_TARGET ? '! ' : ''}${result.scores[category]}`),
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
  for (const result of results.filter((candidate) => candidate.losses.length > 0)) {
    console.log(`\nWhat costs ${result.path} the most (points of the category):\n  ${result.losses.join('\n  ')}`)
  }
  console.log(
    misses.length
      ? `\nTargets missed:\n  ${misses.join('\n  ')}`
      : `\nTargets met: every score >= ${SCORE_TARGET}, JavaScript on / <= ${LANDING_JS_TARGET_KB} kB gzip.`
  )
  return misses.length === 0
}

/**
 * The backoffice on a phone: the first visit's performance score and the JavaScript it loaded
 * (gzip), and the repeat visit's First Contentful Paint.
 */
function reportBackoffice(results: PageResult[], repeats: Map<string, PageResult>): boolean {
  const pages = results.filter((result) => repeats.has(result.path))
  if (pages.length === 0) return true
  const header = [
    'backoffice page',
    `perf (>=${BACKOFFICE_PERFORMANCE_TARGET})`,
    'FCP first',
    `JS gzip first (<=${BACKOFFICE_JS_TARGET_KB} kB)`,
    `FCP repeat (<=${BACKOFFICE_REPEAT_FCP_TARGET_MS} ms)`,
  ]
  const misses: string[] = []
  const rows = pages.map((result) => {
    const repeat = repeats.get(result.path)!
    const performance = result.scores.performance
    const js = result.scriptGzip / 1024
    if (performance < BACKOFFICE_PERFORMANCE_TARGET)
      misses.push(`${result.path} performance ${performance} < ${BACKOFFICE_PERFORMANCE_TARGET}`)
    if (js > BACKOFFICE_JS_TARGET_KB)
      misses.push(`${result.path} JavaScript ${kB(result.scriptGzip)} gzip > ${BACKOFFICE_JS_TARGET_KB} kB`)
    if (!(repeat.fcp <= BACKOFFICE_REPEAT_FCP_TARGET_MS))
      misses.push(`${result.path} repeat-visit FCP ${repeat.fcp.toFixed(0)} ms > ${BACKOFFICE_REPEAT_FCP_TARGET_MS} ms`)
    return [
      result.path,
      `${performance < BACKOFFICE_PERFORMANCE_TARGET ? '! ' : ''}${performance}`,
      `${result.fcp.toFixed(0)} ms`,
      `${js > BACKOFFICE_JS_TARGET_KB ? '! ' : ''}${kB(result.scriptGzip)}`,
      `${repeat.fcp <= BACKOFFICE_REPEAT_FCP_TARGET_MS ? '' : '! '}${repeat.fcp.toFixed(0)} ms`,
    ]
  })
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)))
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')
  console.log('\nThe backoffice on a phone (Lighthouse mobile), signed in as the agent admin')
  console.log(line(header))
  for (const row of rows) console.log(line(row))
  console.log(misses.length ? `Targets missed:\n  ${misses.join('\n  ')}` : 'Targets met.')
  return misses.length === 0
}

async function main() {
  if (process.env.LIGHTHOUSE_SKIP_BUILD !== '1') build()
  step(`Starting the stack (database ${process.env.LIGHTHOUSE_DB_NAME ?? 'aero_lighthouse'})`)
  const stack = await startStack({
    database: databaseFromEnv(process.env.LIGHTHOUSE_DB_NAME ?? 'aero_lighthouse'),
    gateway: true,
  })
  let chrome: chromeLauncher.LaunchedChrome | undefined
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROMIUM_FLAGS,
    })
    const results: PageResult[] = []
    const repeats = new Map<string, PageResult>()
    const only = process.env.LIGHTHOUSE_PAGES
    for (const { path, signedIn } of PAGES.filter((page) => !only || page.path.startsWith(only))) {
      const cookie = signedIn ? await sessionCookie(stack.baseURL, signedIn) : undefined
      const runs: PageResult[] = []
      for (let index = 0; index < RUNS; index++) {
        step(
          `Lighthouse ${path}${signedIn ? ` as ${signedIn.email}` : ''}${RUNS > 1 ? ` (run ${index + 1} of ${RUNS})` : ''}`
        )
        runs.push(await measure(chrome.port, `${stack.baseURL}${path}`, path, { cookie }))
      }
      results.push(median(runs, (result) => result.scores.performance))
      // The agent's phone opens the backoffice again: its scripts are in the cache the last run filled.
      if (path.startsWith('/backoffice')) {
        step(`Lighthouse ${path}, repeat visit (warm cache)`)
        repeats.set(path, await measure(chrome.port, `${stack.baseURL}${path}`, path, { cookie, repeat: true }))
      }
    }
    const pagesMet = report(results)
    const met = reportBackoffice(results, repeats) && pagesMet
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
