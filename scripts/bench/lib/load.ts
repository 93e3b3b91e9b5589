/**
 * What the load scenarios share: side-by-side runs with autocannon, and their printed rows.
 */
import autocannon from 'autocannon'

export interface Figures {
  rps: number
  /** The worst round's median latency, ms. */
  p50: number
  p99: number
  errors: number
  /** Answers that were not 2xx, by status. */
  statuses: Record<string, number>
}

export interface SideBySideOptions {
  /** The same headers for every URL, or each URL's own. */
  headers?: Record<string, string> | Record<string, string>[]
  connections?: number
  /** Seconds per URL in all, split among the rounds. */
  seconds: number
  rounds: number
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/**
 * Loads each URL in turn, `rounds` times over (a, b, c, a, b, c, ...), so that a spell of load
 * from elsewhere on the machine falls on all of them alike: the mean of the rounds' req/s, the
 * worst p50 and p99, every error. A short warm-up first (JIT, connection pools, caches).
 */
export async function loadSideBySide(
  urls: string[],
  { headers = {}, connections = 50, seconds, rounds }: SideBySideOptions
): Promise<Figures[]> {
  const headersOf = (i: number) => (Array.isArray(headers) ? headers[i] : headers)
  for (const [i, url] of urls.entries())
    await autocannon({ url, headers: headersOf(i), connections: 10, duration: Math.min(2, seconds) })
  const figures: Figures[] = urls.map(() => ({ rps: 0, p50: 0, p99: 0, errors: 0, statuses: {} }))
  for (let round = 0; round < rounds; round++) {
    for (const [i, url] of urls.entries()) {
      const result = await autocannon({ url, headers: headersOf(i), connections, duration: seconds / rounds })
      figures[i].rps += result.requests.average / rounds
      figures[i].p50 = Math.max(figures[i].p50, result.latency.p50)
      figures[i].p99 = Math.max(figures[i].p99, result.latency.p99)
      figures[i].errors += result.errors + result.non2xx
      for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
        if (!code.startsWith('2')) figures[i].statuses[code] = (figures[i].statuses[code] ?? 0) + count
      }
    }
  }
  return figures
}

export function printRow(label: string, figures: Figures) {
  const statuses = Object.keys(figures.statuses).length > 0 ? ` ${JSON.stringify(figures.statuses)}` : ''
  console.log(
    `${label.padEnd(40)} ${figures.rps.toFixed(0).padStart(7)} req/s  p99 ${String(figures.p99).padStart(4)} ms  errors ${figures.errors}${statuses}`
  )
}

/** A ratio and its target, marked when missed. */
export function printRatio(label: string, ratio: number, target: number) {
  console.log(`  ${label.padEnd(38)} ${ratio.toFixed(2)} (target >= ${target})${ratio < target ? '  MISSED' : ''}`)
}

/** A p99 and its budget, marked when missed. */
export function printP99(label: string, p99: number, budgetMs: number) {
  console.log(`  ${label.padEnd(38)} ${p99} ms (target <= ${budgetMs} ms)${p99 > budgetMs ? '  MISSED' : ''}`)
}
