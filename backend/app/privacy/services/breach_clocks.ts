import { DateTime } from 'luxon'
import type DataBreach from '#privacy/models/data_breach'

/** The Commissioner is to be told within 72 hours of the breach being found (docs/privacy.md, "Breaches"). */
export const COMMISSIONER_HOURS = 72
/** The affected people within 7 days of the Commissioner's notification. */
export const INDIVIDUALS_DAYS = 7

/**
 * `waiting`: the clock has not started (the people's clock starts with the Commissioner's
 * notification); `running`: due, with time left; `overdue`: past the deadline, not done;
 * `done`: notified (on time or not: `late` says which).
 */
export type ClockState = 'waiting' | 'running' | 'overdue' | 'done'

export type Clock = {
  state: ClockState
  deadline: string | null
  notifiedAt: string | null
  /** Whole seconds until the deadline, negative once it has passed; null when waiting or done. */
  secondsLeft: number | null
  late: boolean
}

function clock(deadline: DateTime | null, notifiedAt: DateTime | null, now: DateTime): Clock {
  const iso = (value: DateTime | null) => value?.toUTC().toISO() ?? null
  if (notifiedAt) {
    return {
      state: 'done',
      deadline: iso(deadline),
      notifiedAt: iso(notifiedAt),
      secondsLeft: null,
      late: deadline !== null && notifiedAt > deadline,
    }
  }
  if (!deadline) return { state: 'waiting', deadline: null, notifiedAt: null, secondsLeft: null, late: false }
  const secondsLeft = Math.floor(deadline.diff(now, 'seconds').seconds)
  return {
    state: secondsLeft < 0 ? 'overdue' : 'running',
    deadline: iso(deadline),
    notifiedAt: null,
    secondsLeft,
    late: secondsLeft < 0,
  }
}

export function breachClocks(breach: DataBreach, now: DateTime = DateTime.now()) {
  const commissionerDeadline = breach.discoveredAt.plus({ hours: COMMISSIONER_HOURS })
  const individualsDeadline = breach.commissionerNotifiedAt?.plus({ days: INDIVIDUALS_DAYS }) ?? null
  return {
    commissioner: clock(commissionerDeadline, breach.commissionerNotifiedAt, now),
    individuals: clock(individualsDeadline, breach.individualsNotifiedAt, now),
  }
}
