import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'

export interface LotEventsOptions {
  backendUrl: string
  onMessage: (payload: unknown) => void
  /** Each time the subscription is made: what changed while nobody listened is unknown. */
  onConnect?: () => void
  /** First retry delay (ms); it doubles up to 30 s. */
  minDelayMs?: number
}

export interface LotEvents {
  readonly connected: boolean
  close: () => void
}

const CHANNEL = 'lots'
const MAX_DELAY_MS = 30_000

// A Transmit client over fetch; with several backend instances, any one's stream carries all changes (via Redis).
export function subscribeToLotEvents({
  backendUrl,
  onMessage,
  onConnect,
  minDelayMs = 500,
}: LotEventsOptions): LotEvents {
  const base = backendUrl.replace(/\/$/, '')
  const closing = new AbortController()
  let attempt = new AbortController()
  let connected = false
  let failing = false

  async function listen(signal: AbortSignal): Promise<never> {
    const uid = randomUUID()
    const stream = await fetch(`${base}/__transmit/events?uid=${uid}`, {
      headers: { accept: 'text/event-stream' },
      signal,
    })
    if (!stream.ok || !stream.body) throw new Error(`the event stream answered ${stream.status}`)
    // The backend takes the subscription only with the cookie the stream's answer set.
    const subscribed = await fetch(`${base}/__transmit/subscribe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...openerCookie(stream.headers.getSetCookie()),
      },
      body: JSON.stringify({ uid, channel: CHANNEL }),
      signal,
    })
    await subscribed.arrayBuffer()
    if (!subscribed.ok) throw new Error(`subscribing to "${CHANNEL}" answered ${subscribed.status}`)
    connected = true
    if (failing) console.log(`Lot events: listening again on ${base}`)
    failing = false
    onConnect?.()
    const read = transmitEventReader((message) => {
      if (message.channel === CHANNEL) onMessage(message.payload)
    })
    const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader()
    for (let next = await reader.read(); !next.done; next = await reader.read()) read(next.value)
    throw new Error('the event stream ended')
  }

  void (async () => {
    for (let retries = 0; !closing.signal.aborted; retries++) {
      attempt = new AbortController()
      try {
        await listen(attempt.signal)
      } catch (error) {
        if (!failing && !closing.signal.aborted) console.warn(`Lot events: ${(error as Error).message}; retrying`)
        failing = true
      }
      attempt.abort()
      if (connected) retries = 0
      connected = false
      const delay = Math.min(MAX_DELAY_MS, minDelayMs * 2 ** retries)
      await sleep(delay, undefined, { signal: closing.signal }).catch(() => {})
    }
  })()

  return {
    get connected() {
      return connected
    },
    close() {
      closing.abort()
      attempt.abort()
      connected = false
    },
  }
}

export function openerCookie(setCookie: readonly string[] | undefined): { cookie: string } | Record<string, never> {
  const cookie = (setCookie ?? [])
    .map((line) => line.split(';')[0].trim())
    .filter(Boolean)
    .join('; ')
  return cookie ? { cookie } : {}
}

/** Reads a Transmit event stream in chunks cut anywhere; comments and malformed events are skipped. */
export function transmitEventReader(onMessage: (message: { channel: string; payload: unknown }) => void) {
  let buffer = ''
  return (text: string) => {
    const events = (buffer + text).split(/(?:\r\n|\r|\n){2}/)
    buffer = events.pop() ?? ''
    for (const event of events) {
      const data = event
        .split(/\r\n|\r|\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      const message = data.length > 0 ? parseJson(data.join('\n')) : undefined
      if (typeof message?.channel === 'string') onMessage({ channel: message.channel, payload: message.payload })
    }
  }
}

function parseJson(text: string): { channel?: unknown; payload?: unknown } | undefined {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
