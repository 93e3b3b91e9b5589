import { randomUUID } from 'node:crypto'
import transmit from '@adonisjs/transmit/services/main'
import env from '#start/env'
import { LIVE_OWNER_COOKIE } from '#core/live_streams'
import type { LotStatusChanged } from '#inventory'

/** The test server's address (started by the functional suite). */
export const serverUrl = () => `http://${env.get('HOST')}:${env.get('PORT')}`

export type LiveMessage = { channel: string; payload: Record<string, unknown> }

/** What Transmit broadcasts, heard on the instance itself (every channel, whoever subscribes). */
export function recordBroadcasts() {
  const heard: LiveMessage[] = []
  const stop = transmit.on('broadcast', ({ channel, payload }) => {
    if (!channel.startsWith('$$transmit/')) heard.push({ channel, payload: payload as Record<string, unknown> })
  })
  return { heard, stop }
}

/**
 * A real server-sent events connection, as a browser's Transmit client opens it: GET
 * /__transmit/events?uid=…, then the messages of the channels that uid subscribes to.
 * `headers` go with the request (a Cookie header, X-Forwarded-For…); `uid` reuses an id.
 */
export async function openStream(base = serverUrl(), { headers = {}, uid = randomUUID() } = {} as StreamOptions) {
  const abort = new AbortController()
  const response = await fetch(`${base}/__transmit/events?uid=${uid}`, { signal: abort.signal, headers })
  const messages: LiveMessage[] = []
  const waiters = new Set<() => void>()
  // A refused stream (a 4xx or 5xx JSON answer) is read as that answer.
  const refusal = response.ok ? null : ((await response.json()) as { message: string })
  const reader = response.ok ? response.body!.pipeThrough(new TextDecoderStream()).getReader() : null
  let buffer = ''
  const reading = (async () => {
    if (!reader) return
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += value
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n')
          if (!data) continue
          const message = JSON.parse(data) as LiveMessage
          if (!message.channel.startsWith('$$transmit/')) messages.push(message)
          for (const wake of waiters) wake()
        }
      }
    } catch {
      // Aborted by close().
    }
  })()

  const ownerCookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${LIVE_OWNER_COOKIE}=`))

  return {
    uid,
    response,
    messages,
    /** The opener's cookie (`name=value`) the stream's subscribe and unsubscribe requests must carry. */
    ownerCookie: ownerCookie ?? '',
    refusal,
    /** Resolves once the server has ended the stream. */
    ended: reading,
    /** Resolves once `count` messages have arrived; rejects after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs
      while (messages.length < count) {
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`Expected ${count} live messages, got ${messages.length}`)
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake)
            clearTimeout(timer)
            resolve()
          }
          const timer = setTimeout(wake, left)
          waiters.add(wake)
        })
      }
      return messages
    },
    async close() {
      abort.abort()
      await reading
    },
  }
}

type StreamOptions = { headers?: Record<string, string>; uid?: string }

export type Stream = Awaited<ReturnType<typeof openStream>>

/** A faked `lot:status_changed` that tells a lot put on (`released`) or taken off sale, its status still available. */
export const releaseTold =
  (lotId: number, released: boolean) =>
  ({ data }: { data: LotStatusChanged }) =>
    data.lotId === lotId &&
    data.cause === 'release' &&
    data.released === released &&
    data.status === 'available' &&
    data.previous === 'available'
