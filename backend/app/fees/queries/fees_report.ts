import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Agency } from '#agencies'
import { FEE_STATUSES, type FeeStatus } from '#fees/models/booking_fee'

export type FeeTotal = { count: number; amount: number }
export type FeesByStatus = Record<FeeStatus, FeeTotal> & { all: FeeTotal }
export type FeesReportFilter = { from?: Date | null; to?: Date | null; agencyId?: number | null }
export type FeesReport = {
  from: string | null
  to: string | null
  agencyId: number | null
  totals: FeesByStatus
  byAgency: Array<{ agencyId: number | null; agencyName: string } & FeesByStatus>
}

const NO_AGENCY = 'No agency'

function empty(): FeesByStatus {
  return {
    expected: { count: 0, amount: 0 },
    received: { count: 0, amount: 0 },
    refunded: { count: 0, amount: 0 },
    all: { count: 0, amount: 0 },
  }
}

function isoDay(value: Date | null | undefined) {
  return value ? DateTime.fromJSDate(value).toISODate() : null
}

/** One GROUP BY on the report index; the few grouped rows are folded into the two views here. */
export async function feesReport(filter: FeesReportFilter): Promise<FeesReport> {
  const from = isoDay(filter.from)
  const to = isoDay(filter.to)
  const query = db
    .from('booking_fees')
    .select('agency_id', 'status')
    .count('* as count')
    .sum('amount as amount')
    .groupBy('agency_id', 'status')
  if (from) query.where('reported_on', '>=', from)
  if (to) query.where('reported_on', '<=', to)
  if (filter.agencyId) query.where('agency_id', filter.agencyId)
  const rows: Array<{ agency_id: number | null; status: string; count: number | string; amount: number | string }> =
    await query

  const totals = empty()
  const agencies = new Map<number | null, FeesByStatus>()
  for (const row of rows) {
    if (!FEE_STATUSES.includes(row.status as FeeStatus)) continue
    const status = row.status as FeeStatus
    const count = Number(row.count)
    const amount = Number(row.amount ?? 0)
    const agency = agencies.get(row.agency_id) ?? empty()
    agencies.set(row.agency_id, agency)
    for (const target of [totals, agency]) {
      target[status].count += count
      target[status].amount += amount
      target.all.count += count
      target.all.amount += amount
    }
  }

  const ids = [...agencies.keys()].filter((id): id is number => id !== null)
  const names = new Map(
    (ids.length ? await Agency.query().whereIn('id', ids).select('id', 'name') : []).map((a) => [a.id, a.name])
  )
  const byAgency = [...agencies.entries()]
    .map(([agencyId, sums]) => ({
      agencyId,
      agencyName: agencyId === null ? NO_AGENCY : (names.get(agencyId) ?? `Agency #${agencyId}`),
      ...sums,
    }))
    .sort((a, b) => a.agencyName.localeCompare(b.agencyName))

  return { from, to, agencyId: filter.agencyId ?? null, totals, byAgency }
}

const FORMULA_START = /^[=+\-@\t\r]/

function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const line = (cells: Array<string | number | null>) => `${cells.map(csvCell).join(',')}\r\n`

export const FEES_REPORT_CSV_HEADER = [
  'Agency',
  'Expected (count)',
  'Expected (RM)',
  'Received (count)',
  'Received (RM)',
  'Refunded (count)',
  'Refunded (RM)',
  'All fees (count)',
  'All fees (RM)',
]

/** The report as CSV: one line per agency, then the totals. */
export function feesReportCsv(report: FeesReport): string {
  const cells = (name: string, sums: FeesByStatus) => [
    name,
    sums.expected.count,
    sums.expected.amount,
    sums.received.count,
    sums.received.amount,
    sums.refunded.count,
    sums.refunded.amount,
    sums.all.count,
    sums.all.amount,
  ]
  return [
    line(FEES_REPORT_CSV_HEADER),
    ...report.byAgency.map((agency) => line(cells(agency.agencyName, agency))),
    line(cells('All agencies', report.totals)),
  ].join('')
}
