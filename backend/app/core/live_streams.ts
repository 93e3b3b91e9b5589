import { randomBytes, timingSafeEqual } from 'node:crypto'
import { once } from 'node:events'
import type { ServerResponse } from 'node:http'
import { liveStreamLimits } from '#config/transmit'

/**
 * Transmit knows a stream by the uid its client chose, so anyone who learned it could take it over: each
 * stream is bound to its opener's key (a signed, HTTP-only cookie scoped to `/__transmit`).
 */
export type OpenStream = {
  uid: string
  owner: string
  /** The client's address (the proxies' X-Forwarded-For believed as config/app.ts says). */
  address: string
  userId: number | null
  /** Whoever asked for a private channel on it (whose access it holds): see `closeStreamsOf`. */
  listeners?: Set<number>
  response: ServerResponse
}

const open = new Map<string, OpenStream>()
const perAddress = new Map<string, number>()
const perUser = new Map<number, number>()
let closing = false

function add<K>(counts: Map<K, number>, key: K, delta: number) {
  const count = (counts.get(key) ?? 0) + delta
  if (count > 0) counts.set(key, count)
  else counts.delete(key)
}

export type Refusal = 'taken' | 'full' | 'address' | 'user' | 'gone' | 'closing'

/** Signed, so a value is only ever one we issued. */
export const LIVE_OWNER_COOKIE = 'aero_live'

export function newOwnerKey(): string {
  return randomBytes(18).toString('base64url')
}

export function openStreamCount(): number {
  return open.size
}

export function findStream(uid: string): OpenStream | undefined {
  return open.get(uid)
}

export function ownedBy(stream: OpenStream, owner: string | undefined): boolean {
  if (typeof owner !== 'string') return false
  const expected = Buffer.from(stream.owner)
  const given = Buffer.from(owner)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * A stream already open under `uid` is refused unless it is the same opener's reconnection: that one is
 * closed first and its end awaited, so Transmit's cleanup of it cannot take the new stream's subscriptions.
 */
export async function recordStream(stream: OpenStream): Promise<Refusal | null> {
  const previous = open.get(stream.uid)
  if (previous) {
    if (!ownedBy(previous, stream.owner)) return 'taken'
    // Still listed, so its response has not closed yet.
    const closed = once(previous.response, 'close')
    previous.response.destroy()
    await closed
  }
  // The client already went away (its close has been and gone): nothing to hold, nothing to count.
  if (stream.response.destroyed) return 'gone'
  // A stream opened now would hold the stopping server open.
  if (closing) return 'closing'
  // Counted and checked with no wait in between: concurrent opens cannot overshoot a cap.
  if (open.size >= liveStreamLimits.total) return 'full'
  if ((perAddress.get(stream.address) ?? 0) >= liveStreamLimits.perAddress) return 'address'
  if (stream.userId !== null && (perUser.get(stream.userId) ?? 0) >= liveStreamLimits.perUser) return 'user'

  open.set(stream.uid, stream)
  add(perAddress, stream.address, 1)
  if (stream.userId !== null) add(perUser, stream.userId, 1)
  stream.response.once('close', () => {
    if (open.get(stream.uid) === stream) open.delete(stream.uid)
    add(perAddress, stream.address, -1)
    if (stream.userId !== null) add(perUser, stream.userId, -1)
  })
  return null
}

/** Notes that `userId` asked for a private channel on the stream (before it is granted: never missed). */
export function noteListener(stream: OpenStream, userId: number): void {
  ;(stream.listeners ??= new Set()).add(userId)
}

/** Closed, not trimmed: the client reconnects and asks for each private channel again as whoever is signed in then. */
export function closeStreamsOf(userId: number): number {
  let closed = 0
  for (const stream of open.values()) {
    if (stream.userId !== userId && !stream.listeners?.has(userId)) continue
    // Destroyed, not ended: a broadcast written after an end would be an error on the response.
    stream.response.destroy()
    closed += 1
  }
  return closed
}

/** Every stream of this instance, when it stops: each client reconnects, to whichever instance is up. */
export function closeAllStreams(): number {
  closing = true
  const streams = [...open.values()]
  for (const stream of streams) stream.response.destroy()
  return streams.length
}
