/**
 * Signed-in people reloading their pages, in a worker thread of its own so that the load does
 * not delay what the scenario's main thread measures (a push's arrival): each group's sessions
 * taken in turn by `connections` loops, one request at a time each, every session's paths in
 * turn, until `stop()`. A session's page must carry its own person's name (`name`) and no other
 * name of the group's `names` pattern: a page with another's is the wrong person's, one without
 * the person's name was served as to nobody signed in.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { percentile } from './load.ts'

export interface Session {
  paths: string[]
  headers: Record<string, string>
  /** The person's name, on each of their pages; none for an API answer (checked to be JSON). */
  name?: string
}

export interface Group {
  label: string
  sessions: Session[]
  connections: number
  /** Every person's name of the group (a regular expression), e.g. `Launch Reader \d{3}`. */
  names?: string
}

export interface GroupFigures {
  label: string
  requests: number
  rps: number
  p50: number
  p99: number
  /** Answers by status (0: no answer). */
  statuses: Record<string, number>
  /** Pages with someone else's name. */
  wrong: number
  /** 200 pages without their person's name (served as to nobody signed in), or an API answer not JSON. */
  unnamed: number
  /** The first few of either. */
  examples: string[]
}

/** Starts the groups' loads on `origin`; `stop()` ends them and gives each group's figures. */
export function startSessionLoad(origin: string, groups: Group[]) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { origin, groups } })
  const done = new Promise<GroupFigures[]>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  return {
    stop: async () => {
      worker.postMessage('stop')
      const figures = await done
      await worker.terminate()
      return figures
    },
  }
}

async function run(origin: string, groups: Group[]) {
  let stopped = false
  parentPort!.once('message', () => (stopped = true))
  const started = performance.now()
  const results = await Promise.all(
    groups.map(async (group) => {
      const times: number[] = []
      const statuses: Record<string, number> = {}
      const examples: string[] = []
      let wrong = 0
      let unnamed = 0
      let next = 0
      const names = group.names ? new RegExp(group.names, 'g') : undefined
      const loop = async () => {
        while (!stopped) {
          const visit = next++
          const session = group.sessions[visit % group.sessions.length]
          const path = session.paths[Math.floor(visit / group.sessions.length) % session.paths.length]
          const sent = performance.now()
          let status = 0
          let error: { kind: 'wrong' | 'unnamed'; text: string } | null = null
          try {
            const response = await fetch(`${origin}${path}`, {
              headers: session.headers,
              redirect: 'manual',
              signal: AbortSignal.timeout(30_000),
            })
            const body = await response.text()
            status = response.status
            if (status === 200 && session.name) {
              const others = names ? [...body.matchAll(names)].map((match) => match[0]) : []
              const someoneElse = others.find((name) => name !== session.name)
              if (someoneElse) error = { kind: 'wrong', text: `${path} for ${session.name}: with ${someoneElse}` }
              else if (!body.includes(session.name))
                error = { kind: 'unnamed', text: `${path} for ${session.name}: without the name` }
            } else if (status === 200) JSON.parse(body)
          } catch (failure) {
            if (status === 200) error = { kind: 'unnamed', text: `${path}: ${(failure as Error).message}` }
          }
          times.push(performance.now() - sent)
          statuses[status] = (statuses[status] ?? 0) + 1
          if (error?.kind === 'wrong') wrong += 1
          if (error?.kind === 'unnamed') unnamed += 1
          if (error && examples.length < 3) examples.push(error.text)
        }
      }
      await Promise.all(Array.from({ length: group.connections }, loop))
      const seconds = (performance.now() - started) / 1000
      return {
        label: group.label,
        requests: times.length,
        rps: times.length / seconds,
        p50: Math.round(percentile(times, 50)),
        p99: Math.round(percentile(times, 99)),
        statuses,
        wrong,
        unnamed,
        examples,
      } satisfies GroupFigures
    })
  )
  parentPort!.postMessage(results)
}

if (!isMainThread && workerData?.groups) {
  const { origin, groups } = workerData as { origin: string; groups: Group[] }
  await run(origin, groups)
}
