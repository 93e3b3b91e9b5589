import { DISPLAY_TIME_ZONE } from '../../../format'

/** A lot as a release batch names it. */
export interface BatchLot {
  id: number
  lotNumber: string
  unitNumber: string | null
}

/** GET /api/developments/:id/release-batches: lots that go on sale together at a set time. */
export interface ReleaseBatch {
  id: number
  developmentId: number
  name: string
  releaseAt: string
  releasedAt: string | null
  status: 'scheduled' | 'released'
  lotIds: number[]
  lots: BatchLot[]
  createdById: number | null
  createdAt: string
}

/** POST /api/developments/:id/release-batches: the time an ISO 8601 moment with its offset. */
export interface ReleaseBatchDraft {
  name: string
  releaseAt: string
  lotIds: number[]
}

export const STATUS_LABELS: Record<ReleaseBatch['status'], string> = {
  scheduled: 'Scheduled',
  released: 'Released',
}

/** Unit number first, as the business names a lot; the lot number when it has none. */
export const batchLotLabel = (lot: BatchLot) => lot.unitNumber || lot.lotNumber

/** The zone's offset at a moment, in minutes east of UTC ('GMT+08:00' is 480). */
function offsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '')
  if (!match) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
}

/**
 * A `datetime-local` value ('2026-12-01T09:00') read as a wall-clock time in `timeZone` (Malaysia
 * time by default, as every screen shows times), as ISO 8601 with that offset:
 * '2026-12-01T09:00:00+08:00'. Null when it is not a date and time.
 */
export function zonedIso(local: string, timeZone: string = DISPLAY_TIME_ZONE): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim())
  if (!match) return null
  const [, year, month, day, hour, minute, second = '00'] = match
  const wall = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second)
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== +day || +hour > 23 || +minute > 59) return null
  // The offset in force at that wall time: found from a first guess, then checked at the result.
  let offset = offsetMinutes(timeZone, new Date(wall))
  offset = offsetMinutes(timeZone, new Date(wall - offset * 60_000))
  const sign = offset < 0 ? '-' : '+'
  const pad = (n: number) => String(n).padStart(2, '0')
  const abs = Math.abs(offset)
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}
