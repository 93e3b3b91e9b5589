import db from '@adonisjs/lucid/services/db'
import { statusesCountedAs } from '#bookings/workflow_table'

export type BookingCounts = {
  total: number
  pendingAgent: number
  pendingAdmin: number
  approved: number
  sold: number
  rejected: number
  cancelled: number
  expired: number
}

export async function bookingCounts(agencyId?: number): Promise<BookingCounts> {
  const query = db.from('bookings').select('status').count('* as total').groupBy('status')
  if (agencyId !== undefined) query.where('agency_id', agencyId)
  const byStatus = new Map<string, number>()
  for (const row of await query) byStatus.set(row.status, Number(row.total))
  const sum = (statuses: string[]) => statuses.reduce((n, status) => n + (byStatus.get(status) ?? 0), 0)
  return {
    total: [...byStatus.values()].reduce((n, v) => n + v, 0),
    // Waiting for an agent admin's answer, the legacy `pending` with them (STATUS_MEANING).
    pendingAgent: sum(statusesCountedAs('pendingAgent')),
    pendingAdmin: sum(statusesCountedAs('pendingAdmin')),
    approved: sum(statusesCountedAs('approved')),
    sold: sum(statusesCountedAs('sold')),
    rejected: sum(statusesCountedAs('rejected')),
    cancelled: sum(statusesCountedAs('cancelled')),
    expired: sum(statusesCountedAs('expired')),
  }
}
