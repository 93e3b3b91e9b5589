/**
 * `npm run bench -- members`: the signed-in pages through the one origin as `npm start` runs it
 * (the gateway, the backend behind it), each side by side with the anonymous hub page (the
 * gateway's cached page: the baseline) in the same run: 50 connections, BENCH_SECONDS (10) per
 * page in BENCH_ROUNDS (2) alternating rounds, every request as a browser asks (br, gzip).
 *
 *   the member (member@aero-demo.my, its session cookie): the hub page, the lot-type page
 *   (/properties/aeroindustrial/type/A), the dashboard, My Bookings (its tab);
 *   the agent admin (agent@aero-demo.my): the hub page (cookie), the booking-request list
 *   as the backoffice asks it (GET /api/bookings/agent, bearer token).
 *
 * Targets, each page / the anonymous hub page: the member's hub and lot-type >= 0.5 with p99
 * <= 100 ms; the dashboard and My Bookings >= 0.15. Also the peak resident memory of the
 * gateway and the backend over the loads.
 *
 * MariaDB (MYSQL_*), its own database BENCH_MEMBERS_DB_NAME (aero_bench_members), recreated;
 * the backend on a free port (BENCH_MEMBERS_PORT to choose); needs the storefront build. Exits
 * non-zero only on a wrong answer, never on a figure: a non-2xx, or a personal page that does
 * not carry its own person's name or carries the other's (checked before, after, and all
 * through the loads, the two people's pages asked in turn).
 */
import { signInDemo } from '../demo-sign-in.ts'
import { startStack } from '../stack.ts'
import { loadSideBySide, type Figures } from './lib/load.ts'
import { startPeakRss } from './lib/memory.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 50
const CHECK_EVERY_MS = 200
const database = process.env.BENCH_MEMBERS_DB_NAME ?? 'aero_bench_members'
const backendPort = process.env.BENCH_MEMBERS_PORT ? Number(process.env.BENCH_MEMBERS_PORT) : undefined
const MEMBER = { email: 'member@aero-demo.my', name: 'Daniel Tan Wei Ming' }
const AGENT = { email: 'agent@aero-demo.my', name: 'Farid Hassan' }
const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }
/** The backoffice's Booking Requests screen, first page (AgentBookingRequestList). */
const AGENT_LIST =
  '/api/bookings/agent?' +
  new URLSearchParams({ filter: '{"status":"all"}', range: '[0,24]', sort: '["statusChangedAt","ASC"]' }).toString()

interface Target {
  ratio?: number
  p99?: number
}
interface Page {
  label: string
  path: string
  headers: Record<string, string>
  /** The person whose page it is: their name must be on it, the other's must not. */
  owner?: { name: string; other: string }
  target: Target
}

/** One answer checked: an error message, or null when right. */
async function check(origin: string, page: Page): Promise<string | null> {
  const response = await fetch(`${origin}${page.path}`, { headers: page.headers, redirect: 'manual' })
  const body = await response.text()
  if (response.status !== 200) return `${page.label}: ${response.status}`
  if (page.path.startsWith('/api/')) return Array.isArray(JSON.parse(body)) ? null : `${page.label}: not a list`
  if (!page.owner) return [MEMBER, AGENT].some((person) => body.includes(person.name)) ? `${page.label}: a name` : null
  if (!body.includes(page.owner.name)) return `${page.label}: without ${page.owner.name}`
  if (body.includes(page.owner.other)) return `${page.label}: with ${page.owner.other}`
  return null
}

/** Every page asked in turn, one at a time, until stopped: the wrong answers. */
function startChecker(origin: string, pages: Page[]) {
  let stopped = false
  const wrong: string[] = []
  const running = (async () => {
    for (let i = 0; !stopped; i++) {
      const error = await check(origin, pages[i % pages.length]).catch((failure: Error) => failure.message)
      if (error) wrong.push(error)
      await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS))
    }
  })()
  return {
    stop: async () => {
      stopped = true
      await running
      return wrong
    },
  }
}

function row(page: Page, figures: Figures, ratio: number) {
  const missedRatio = page.target.ratio !== undefined && ratio < page.target.ratio
  const missedP99 = page.target.p99 !== undefined && figures.p99 > page.target.p99
  const target = [
    page.target.ratio === undefined ? '' : `>= ${page.target.ratio}x`,
    page.target.p99 === undefined ? '' : `p99 <= ${page.target.p99} ms`,
  ]
    .filter(Boolean)
    .join(', ')
  return (
    `${page.label.padEnd(30)} ${figures.rps.toFixed(0).padStart(7)} ${String(figures.p50).padStart(5)} ` +
    `${String(figures.p99).padStart(5)}${missedP99 ? '!' : ' '} ${ratio.toFixed(2).padStart(5)}${missedRatio ? '!' : ' '} ` +
    `${String(figures.errors).padStart(6)}  ${target}`
  )
}

async function main() {
  const stack = await startStack({
    database: { client: 'mysql', name: database },
    backendPort,
    gateway: true,
    env: { DRIVE_PRIVATE_ROOT: 'tmp/bench-storage' },
  })
  const origin = stack.baseURL.replace('//localhost:', '//127.0.0.1:')
  const member = await signInDemo(origin, MEMBER.email)
  const agent = await signInDemo(origin, AGENT.email)
  const asMember = { ...BROWSER, cookie: member.cookie }
  const ofMember = { name: MEMBER.name, other: AGENT.name }
  const pages: Page[] = [
    { label: 'anonymous hub (baseline)', path: '/aero-industrial-hub', headers: BROWSER, target: {} },
    {
      label: "member's hub",
      path: '/aero-industrial-hub',
      headers: asMember,
      owner: ofMember,
      target: { ratio: 0.5, p99: 100 },
    },
    {
      label: "member's lot-type A",
      path: '/properties/aeroindustrial/type/A',
      headers: asMember,
      owner: ofMember,
      target: { ratio: 0.5, p99: 100 },
    },
    {
      label: "member's dashboard",
      path: '/enhanced-dashboard',
      headers: asMember,
      owner: ofMember,
      target: { ratio: 0.15 },
    },
    {
      label: 'My Bookings',
      path: '/enhanced-dashboard?tab=bookings',
      headers: asMember,
      owner: ofMember,
      target: { ratio: 0.15 },
    },
    {
      label: "agent admin's hub",
      path: '/aero-industrial-hub',
      headers: { ...BROWSER, cookie: agent.cookie },
      owner: { name: AGENT.name, other: MEMBER.name },
      target: {},
    },
    {
      label: "agent's request list (API)",
      path: AGENT_LIST,
      headers: {
        accept: 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        authorization: `Bearer ${agent.token}`,
      },
      target: {},
    },
  ]
  const wrong: string[] = []
  const table: string[] = []
  try {
    for (const page of pages) {
      const error = await check(origin, page)
      if (error) wrong.push(`before the loads: ${error}`)
    }
    console.log(
      `\n== ${pages.length} pages through the gateway: ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} alternating rounds`
    )
    const memory = startPeakRss({ gateway: stack.pids.gateway, backend: stack.pids.backend })
    const checker = startChecker(origin, pages)
    let figures: Figures[]
    try {
      figures = await loadSideBySide(
        pages.map((page) => `${origin}${page.path}`),
        { headers: pages.map((page) => page.headers), connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS }
      )
    } finally {
      const during = await checker.stop()
      wrong.push(...during.map((error) => `during the loads: ${error}`))
    }
    memory.stop()
    for (const page of pages) {
      const error = await check(origin, page)
      if (error) wrong.push(`after the loads: ${error}`)
    }
    for (const [i, page] of pages.entries()) {
      table.push(row(page, figures[i], figures[i].rps / figures[0].rps))
      // A timeout is a figure (printed under errors); an answer other than 2xx is wrong.
      if (Object.keys(figures[i].statuses).length > 0)
        wrong.push(`${page.label}: answered ${JSON.stringify(figures[i].statuses)}`)
    }
  } finally {
    await stack.stop()
  }
  console.log(
    `\nsigned-in pages / the anonymous hub page, same run (! marks a missed target)\n` +
      `${'page'.padEnd(30)} ${'req/s'.padStart(7)} ${'p50'.padStart(5)} ${'p99'.padStart(5)}  ${'ratio'.padStart(5)}  ${'errors'.padStart(6)}  target\n` +
      table.join('\n')
  )
  for (const error of wrong.slice(0, 10)) console.error(`wrong: ${error}`)
  console.log(wrong.length > 0 ? `\nFAILED (${wrong.length} wrong answers)` : '\nOK')
  process.exit(wrong.length > 0 ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1) // scripts/stack.ts stops what is still running on exit
})
