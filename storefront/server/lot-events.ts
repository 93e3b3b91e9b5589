/**
 * The gateway's ear on the backend's lot changes: a Transmit client (the protocol of
 * @adonisjs/transmit, spoken over fetch) subscribed to the public `lots` channel.
 *
 *   GET  <backend>/__transmit/events?uid=<uuid>         the event stream (text/event-stream)
 *   POST <backend>/__transmit/subscribe {uid, channel}  once the stream is open (204), with
 *                                                       the cookie the stream's answer set
 *
 * Each event is `data: {"channel": ..., "payload": ...}` followed by a blank line; the
 * server's pings come on the channel `$$transmit/ping`. `onMessage` runs for every message
 * on the channel, `onConnect` every time the subscription is (re)established: whatever
 * changed while nobody listened is unknown, so the page cache is dropped then too. A lost
 * or refused stream is retried with a growing delay (0.5 s, doubling, 30 s at most).
 *
 * Several backend instances share their broadcasts through Redis (REDIS_URL, backend
 * config/transmit.ts): the stream of any one of them carries every instance's lot changes, so
 * the backend named may be one instance or the balancer in front of them all, and each gateway
 * instance, with its own subscription, drops its own caches (backend tests/functional/core/redis.spec.ts).
 */
import { randomUUID } from 'node:crypto'

export interface LotEventsOptions {
  /** The backend, e.g. http://127.0.0.1:3333. */
  backendUrl: string
  channel?: string
  /** Every message on the channel, with its payload (`{ type: 'lot', lotId, status, ... }`). */
  onMessage: (payload: unknown) => void
  /** Each time the subscription is made, the first time included. */
  onConnect?: () => void
  /** First retry delay (ms); it doubles up to `maxDelayMs`. */
  minDelayMs?: number
  maxDelayMs?: number
}

export interface LotEvents {
  /** Whether the subscription is live now. */
  readonly connected: boolean
  /** Stops listening for good. */
  close: () => void
}

export function subscribeToLotEvents(options: LotEventsOptions): LotEvents {
  const base = options.backendUrl.replace(/\/$/, '')
  const channel = options.channel ?? 'lots'
  const minDelayMs = options.minDelayMs ?? 500
  const maxDelayMs = options.maxDelayMs ?? 30_000
  let closed = false
  let connected = false
  let controller: AbortController | null = null
  let wake: (() => void) | null = null
  let failing = false

  async function listenOnce(): Promise<void> {
    controller = new AbortController()
    const { signal } = controller
    const uid = randomUUID()
    const response = await fetch(`${base}/__transmit/events?uid=${encodeURIComponent(uid)}`, {
      headers: { accept: 'text/event-stream' },
      signal,
    })
    if (!response.ok || response.body === null) {
      await response.body?.cancel()
      throw new Error(`the event stream answered ${response.status}`)
    }
    // The stream is registered under `uid` once its headers came: the subscription may be made,
    // with the opener's cookie the stream answered with (the backend refuses it from anyone else).
    const subscribed = await fetch(`${base}/__transmit/subscribe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...openerCookie(response.headers.getSetCookie()),
      },
      body: JSON.stringify({ uid, channel }),
      signal,
    })
    await subscribed.arrayBuffer()
    if (!subscribed.ok) throw new Error(`subscribing to "${channel}" answered ${subscribed.status}`)

    connected = true
    if (failing) console.log(`Lot events: listening again on ${base}`)
    failing = false
    options.onConnect?.()

    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    const read = transmitEventReader((message) => {
      if (message.channel === channel) options.onMessage(message.payload)
    })
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      read(decoder.decode(value, { stream: true }))
    }
    throw new Error('the event stream ended')
  }

  async function run() {
    let attempt = 0
    while (!closed) {
      try {
        await listenOnce()
      } catch (error) {
        if (closed) break
        if (!failing) console.warn(`Lot events: ${(error as Error).message}; retrying`)
        failing = true
      }
      if (connected) attempt = 0
      connected = false
      controller?.abort()
      if (closed) break
      const delay = Math.min(maxDelayMs, minDelayMs * 2 ** attempt++)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = null
    }
  }

  void run()

  return {
    get connected() {
      return connected
    },
    close() {
      closed = true
      connected = false
      controller?.abort()
      wake?.()
    },
  }
}

/**
 * The cookies an events response set (Set-Cookie lines: the backend's stream opener's) as
 * headers that send them back; none when it set none.
 */
export function openerCookie(setCookie: readonly string[] | undefined): { cookie: string } | Record<string, never> {
  const cookie = (setCookie ?? [])
    .map((line) => line.split(';')[0].trim())
    .filter(Boolean)
    .join('; ')
  return cookie ? { cookie } : {}
}

/**
 * Reads a Transmit event stream as its text arrives, in chunks cut anywhere: calls `onMessage`
 * with each complete event's `{ channel, payload }` (comments and malformed events are skipped).
 */
export function transmitEventReader(onMessage: (message: { channel: string; payload: unknown }) => void) {
  let buffer = ''
  return (text: string) => {
    buffer += text
    let end: number
    while ((end = eventEnd(buffer)) !== -1) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end).replace(/^(?:\r\n|\r|\n){2}/, '')
      const message = parseEvent(block)
      if (message) onMessage(message)
    }
  }
}

/** Where the first complete event ends (at its blank line), or -1. */
function eventEnd(buffer: string): number {
  const match = /(?:\r\n|\r|\n){2}/.exec(buffer)
  return match ? match.index : -1
}

/** An event's `data:` lines joined, read as Transmit's JSON `{ channel, payload }`; comments (`:ok`) give null. */
function parseEvent(block: string): { channel: string; payload: unknown } | null {
  const data = block
    .split(/\r\n|\r|\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
  if (data.length === 0) return null
  try {
    const message = JSON.parse(data.join('\n')) as { channel?: unknown; payload?: unknown }
    return typeof message.channel === 'string' ? { channel: message.channel, payload: message.payload } : null
  } catch {
    return null
  }
}
