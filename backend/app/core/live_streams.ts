import { randomBytes, timingSafeEqual } from 'node:crypto'
import { once } from 'node:events'
import type { ServerResponse } from 'node:http'

/**
 * The event streams this instance holds open (start/transmit.ts), next to Transmit's own list:
 * who opened each one. Transmit knows a stream by the id (uid) its client chose, and anyone
 * who learns that id could otherwise subscribe it to channels, unsubscribe it, or open another
 * stream under it and receive its next subscriptions. So each stream is bound to its opener's
 * key, a random value the events response sets in a signed, HTTP-only cookie scoped to
 * `/__transmit`: only requests carrying that cookie may change what the stream hears.
 */
export type OpenStream = {
  uid: string
  /** The opener's key (their cookie's value). */
  owner: string
  response: ServerResponse
}

const open = new Map<string, OpenStream>()

/** The cookie that carries the opener's key (signed, so a value is only ever one we issued). */
export const LIVE_OWNER_COOKIE = 'aero_live'

export function newOwnerKey(): string {
  return randomBytes(18).toString('base64url')
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
 * Records a stream about to open under `uid`; forgotten when its response closes. A stream
 * already open under that uid is refused unless it is the same opener's (a reconnection the
 * server has not noticed the end of yet): that one is closed first, and its end awaited, so
 * that Transmit's cleanup of it cannot take the new stream's subscriptions with it.
 */
export async function recordStream(stream: OpenStream): Promise<boolean> {
  const previous = open.get(stream.uid)
  if (previous) {
    if (!ownedBy(previous, stream.owner)) return false
    // Still listed, so its response has not closed yet.
    const closed = once(previous.response, 'close')
    previous.response.destroy()
    await closed
  }
  open.set(stream.uid, stream)
  stream.response.once('close', () => {
    if (open.get(stream.uid) === stream) open.delete(stream.uid)
  })
  return true
}
