import type { Development } from '#inventory'
import { defaultWaitlistMinutes, waitlistMinutesOf } from '#waitlist/window'

export function serializeWaitlistWindow(development: Development) {
  return {
    id: development.id,
    _id: development.id,
    slug: development.slug,
    name: development.name,
    /** The priority window in force (the development's own, else the default). */
    waitlistWindowMinutes: waitlistMinutesOf(development),
    /** WAITLIST_PRIORITY_MINUTES (15 unless configured): what a development without its own gets. */
    defaultWaitlistWindowMinutes: defaultWaitlistMinutes(),
    waitlistWindowIsDefault: development.waitlistWindowMinutes === null,
  }
}

export type WaitlistWindowResource = ReturnType<typeof serializeWaitlistWindow>
