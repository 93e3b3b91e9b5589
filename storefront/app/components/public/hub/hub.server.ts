/**
 * The shop-lot hub's loader and action. The page is served at /aero-industrial-hub and,
 * on the properties sub-domain (PROPERTIES_HOST), at / as well.
 */
import { data } from '@remix-run/node'
import { audienceOf } from '~/components/public/hub/audience'
import { readHubFilters, readSelectedLot } from '~/components/public/hub/lot-filters'
import { getSiteContact } from '~/models/contact.server'
import { listPublicAgencies, submitMembershipForm } from '~/models/agencies.server'
import type { AgencySummary } from '~/models/agencies.server'
import { loadViewerWaitlist, waitlistAction } from '~/components/public/lot-type/waitlist.server'
import { getHubDevelopment, listHubLots, submitLotEdit } from '~/models/lots.server'
import type { Development, Lot } from '~/models/lots.server'
import { isWaitlistIntent } from '~/models/waitlist'
import { ApiError } from '~/utils/api.server'
import { assertSameOrigin, getViewer, requireRole, requireUser } from '~/utils/auth.server'
import { markDegraded, requirePageData } from '~/utils/cache-control.server'

export const HUB_MESSAGES = {
  loadFailed: 'Failed to load shoplot data. Please try again later.',
  empty: 'No property data available from server.',
} as const

/** Whether the request came in on the properties sub-domain (requirements: decisions.md#d11-properties-sub-domain). */
export function isPropertiesHost(request: Request, configured = process.env.PROPERTIES_HOST): boolean {
  const host = configured?.trim().toLowerCase()
  if (!host) return false
  const url = new URL(request.url)
  // The setting may name the host alone or with its port.
  return host.includes(':') ? url.host.toLowerCase() === host : url.hostname.toLowerCase() === host
}

/**
 * The hub's data. Without its lots the hub has nothing to show: when the backend cannot give
 * them, the page answers 503 (see cache-control.server.ts). Another read that fails falls back
 * and marks the render degraded.
 */
export async function loadHub(request: Request) {
  const url = new URL(request.url)
  const viewer = await getViewer(request)
  const audience = audienceOf(viewer.user)

  const [lots, development, agencies, own] = await Promise.all([
    requirePageData(listHubLots(request), HUB_MESSAGES.loadFailed).then(
      (response) => ({ list: response.data, error: null as string | null }),
      (error: unknown) => {
        if (!(error instanceof ApiError)) throw error
        console.error(`Hub lots: ${error.message}`)
        markDegraded(request)
        return { list: [] as Lot[], error: HUB_MESSAGES.loadFailed }
      }
    ),
    // The information card's figures; without them the card shows none rather than made-up ones.
    getHubDevelopment(request).then(
      (response) => response.data,
      (error: unknown) => {
        if (!(error instanceof ApiError)) throw error
        console.error(`Hub development: ${error.message}`)
        markDegraded(request)
        return null as Development | null
      }
    ),
    // The membership form needs the agencies; nobody else does.
    audience === 'join'
      ? listPublicAgencies(request).then(
          (response) => response.data,
          () => {
            markDegraded(request)
            return [] as AgencySummary[]
          }
        )
      : Promise.resolve([] as AgencySummary[]),
    // The member's own places in line (an offer holding a lot for them among them) and the lots
    // their bookings hold. Only a signed-in render reads them, and the page cache keeps none of those.
    loadViewerWaitlist(request, viewer, audience),
  ])

  return {
    lots: lots.list,
    loadError: lots.error ?? (lots.list.length === 0 ? HUB_MESSAGES.empty : null),
    development,
    filters: readHubFilters(url.searchParams),
    selectedLotId: readSelectedLot(url.searchParams),
    audience,
    agencies,
    viewerId: viewer.user ? viewer.user.id : null,
    waitlist: own.waitlist,
    heldLotIds: own.heldLotIds,
    contact: getSiteContact(),
    /** The address the hub is served at, for links back to it. */
    hubPath: url.pathname,
    origin: url.origin,
  }
}

export type HubData = Awaited<ReturnType<typeof loadHub>>

export async function hubAction(request: Request) {
  assertSameOrigin(request)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'request-agency') {
    await requireUser(request)
    const { result, status } = await submitMembershipForm(request, form)
    return data(result, { status })
  }
  // "Notify me / Join waitlist" on a taken lot, "Leave waitlist" (the lot-type page's forms).
  if (isWaitlistIntent(intent)) return waitlistAction(request, form)
  if (intent === 'update-lot') {
    await requireRole(request, 'super_admin')
    const { result, status } = await submitLotEdit(request, form)
    return data(result, { status })
  }
  throw data({ message: 'Unknown form.' }, { status: 400 })
}
