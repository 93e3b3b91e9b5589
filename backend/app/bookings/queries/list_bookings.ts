import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Booking from '#bookings/models/booking'
import type { User } from '#identity'
import { isAgentAdmin, isSuperAdmin } from '#core/roles'
import { filterId, paginate, parseListParams } from '#core/listing'
import { AppError } from '#core/errors'
import {
  BOOKING_STATUSES,
  RELEASED_STATUSES,
  STATUS_GROUPS,
  statusesAwaiting,
  type BookingStatus,
} from '#bookings/workflow_table'
import { loadBookingParts } from '#bookings/ports'
import { APPROVAL_TIERS, overdueCondition, sqlTime, type ApprovalTier } from '#bookings/approval_tiers'

type BookingQuery = ModelQueryBuilderContract<typeof Booking>

const SORTABLE = {
  id: 'id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  status: 'status',
  // Time in queue: the tier's waiting bookings first, by when they entered their status.
  statusChangedAt: 'status_changed_at',
  heldUntil: 'held_until',
}

export function withDetails(query: BookingQuery) {
  query
    .preload('lot', (lot) => lot.preload('development'))
    .preload('user')
    .preload('agency')
    .preload('respondedBy')
    .preload('packages', (packages) => packages.orderBy('package_id'))
}

/** `status` is a spec status, a screen's group (pending, approved, sold, rejected, ...) or all. */
export function applyStatusFilter(query: BookingQuery, status: unknown) {
  if (status === undefined || status === null || status === '' || status === 'all') return
  const value = String(status)
  const statuses = STATUS_GROUPS[value] ?? (BOOKING_STATUSES.includes(value as BookingStatus) ? [value] : null)
  if (!statuses) throw AppError.invalid('status', `Unknown status "${value}"`)
  query.whereIn('status', statuses)
}

export async function ownBookings(user: User) {
  const query = Booking.query()
    .where((own) => own.where('created_by_id', user.id).orWhere('user_id', user.id))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
  withDetails(query)
  const bookings = await query
  await loadBookingParts(bookings)
  return bookings
}

/** The lots the user's own bookings still stand on (every status but the released ones). */
export async function ownLotIds(user: User): Promise<number[]> {
  const rows = await Booking.query()
    .where((own) => own.where('created_by_id', user.id).orWhere('user_id', user.id))
    .whereNotIn('status', RELEASED_STATUSES)
    .distinct('lot_id')
    .orderBy('lot_id')
  return rows.map((row) => row.lotId)
}

export async function listBookings(ctx: HttpContext, user: User, scope: 'auto' | 'agent' | 'admin' = 'auto') {
  const params = parseListParams(ctx, SORTABLE, ['createdAt', 'DESC'])
  const qs = ctx.request.qs()
  const filter = params.filter as {
    status?: unknown
    q?: unknown
    history?: unknown
    agencyId?: unknown
    overdue?: unknown
  }
  const query = Booking.query()
  const tiers = queueTiers(user, scope)

  if (scope === 'admin' || (scope === 'auto' && isSuperAdmin(user.role))) {
    const agencyId = filterId(params.filter, 'agencyId')
    if (agencyId !== undefined) query.where('agency_id', agencyId)
  } else if (scope === 'agent' || (scope === 'auto' && isAgentAdmin(user.role))) {
    // BookingPolicy.listAgency / list have made sure the agent admin has an agency.
    query.where('agency_id', user.agencyId!)
  } else {
    query.where((own) => own.where('created_by_id', user.id).orWhere('user_id', user.id))
  }

  applyStatusFilter(query, filter.status ?? qs.status)
  // The agent's booking history excludes requests still waiting for them (requirements: agent-admin.md#agent-dashboard).
  if (filter.history ?? qs.history) query.whereNotIn('status', statusesAwaiting('respondAsAgent'))
  if (typeof filter.q === 'string' && filter.q.trim()) {
    const term = `%${filter.q.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`
    query.where((search) =>
      search
        .where('creator_name', 'like', term)
        .orWhere('creator_email', 'like', term)
        .orWhereHas('lot', (lot) => lot.where('unit_number', 'like', term).orWhere('lot_number', 'like', term))
    )
  }
  if (filter.overdue === true || filter.overdue === 'true') {
    const now = sqlTime(DateTime.utc())
    query.where((overdue) => {
      for (const tier of tiers) overdue.orWhereRaw(overdueCondition(tier), [now])
    })
  }
  if (params.sort.column === 'status_changed_at') {
    const waiting = APPROVAL_TIERS[tiers[0]].waiting
    query.orderByRaw(`CASE WHEN status IN (${waiting.map(() => '?').join(', ')}) THEN 0 ELSE 1 END`, waiting)
  }
  const bookings = await paginate(ctx, 'bookings', query, params, withDetails)
  await loadBookingParts(bookings)
  return bookings
}

function queueTiers(user: User, scope: 'auto' | 'agent' | 'admin'): ApprovalTier[] {
  if (scope === 'admin' || (scope === 'auto' && isSuperAdmin(user.role))) return ['developer', 'agent']
  if (scope === 'agent' || (scope === 'auto' && isAgentAdmin(user.role))) return ['agent']
  return ['agent', 'developer']
}

export async function findBookingWithDetails(id: string | number, client?: QueryClientContract) {
  if (!/^\d+$/.test(String(id))) return null
  const query = Booking.query({ client }).where('id', id)
  withDetails(query)
  query.preload('history', (history) => history.orderBy('id', 'asc').preload('changedBy'))
  const booking = await query.first()
  if (booking) await loadBookingParts([booking], client)
  return booking
}
