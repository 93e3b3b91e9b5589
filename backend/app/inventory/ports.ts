import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LotStatus } from '#inventory/models/lot'

/**
 * What inventory asks of the modules built on it, without importing them (they register at boot in
 * start/ports.ts). Until one registers, nothing holds a lot and nobody waits for one.
 */

export type LotHolders = (lotIds: number[], client?: TransactionClientContract) => Promise<Map<number, number>>

/** What the lot payloads say of a lot's waitlist: people in line, and until when an offer holds the lot. */
export type LineFigures = { waitlistCount: number; offeredUntil: string | null }
export const NO_LINE: LineFigures = { waitlistCount: 0, offeredUntil: null }

/** A step inside the transaction that changed a lot's status (a staff edit, an import): the waitlist's line follows. */
export type LotStatusHook = (trx: TransactionClientContract, lotId: number, status: LotStatus) => Promise<void>

let holders: LotHolders = async () => new Map()
let figures: (lotIds: number[]) => Promise<Map<number, LineFigures>> = async () => new Map()
const statusHooks = new Map<string, LotStatusHook>()

export function answerLotHolders(answer: LotHolders) {
  holders = answer
}

export function answerLineFigures(answer: (lotIds: number[]) => Promise<Map<number, LineFigures>>) {
  figures = answer
}

/** A module's step when a staff edit or an import changes a lot's status, by the module's name. */
export function onLotStatusSet(owner: string, hook: LotStatusHook) {
  statusHooks.set(owner, hook)
}

export function lotHolders(lotIds: number[], client?: TransactionClientContract) {
  return lotIds.length === 0 ? Promise.resolve(new Map<number, number>()) : holders(lotIds, client)
}

export function lineFigures(lotIds: number[]) {
  return lotIds.length === 0 ? Promise.resolve(new Map<number, LineFigures>()) : figures(lotIds)
}

export async function lotStatusSet(trx: TransactionClientContract, lotId: number, status: LotStatus) {
  for (const hook of statusHooks.values()) await hook(trx, lotId, status)
}
