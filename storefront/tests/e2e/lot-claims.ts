/**
 * Journeys run side by side against one stack, so two of them must never book the same lot.
 * A journey claims each lot it picks (an exclusive file in a folder of the run's own) and gives
 * its claims back when its test ends (journey-setup.ts), when the lot may be free again.
 */
import { closeSync, openSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'

const held: string[] = []

/** The first lot of `candidates` no other running journey holds, now held by this one. */
export function claimFirst<T extends { id: number }>(candidates: T[]): T | undefined {
  for (const lot of candidates) {
    const path = join(inject('lotClaims'), String(lot.id))
    try {
      closeSync(openSync(path, 'wx'))
    } catch {
      continue
    }
    held.push(path)
    return lot
  }
  return undefined
}

export function releaseClaims() {
  for (const path of held.splice(0)) rmSync(path, { force: true })
}
