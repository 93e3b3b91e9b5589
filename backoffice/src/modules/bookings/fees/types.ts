/** The booking fee on record: record only, no money moves through the product. */
export const FEE_METHODS = [
  { id: 'cheque', name: 'Cheque' },
  { id: 'bank_transfer', name: 'Bank transfer' },
  { id: 'fpx', name: 'FPX' },
  { id: 'card', name: 'Card' },
  { id: 'cash', name: 'Cash' },
] as const
export type FeeMethod = (typeof FEE_METHODS)[number]['id']
export type FeeStatus = 'expected' | 'received' | 'refunded'

export const FEE_STATUS_LABELS: Record<FeeStatus, string> = {
  expected: 'Expected',
  received: 'Received',
  refunded: 'Refunded',
}

export function feeMethodLabel(method: string | null | undefined): string {
  return FEE_METHODS.find((choice) => choice.id === method)?.name ?? method ?? ''
}

export interface BookingFee {
  id: number
  bookingId: number
  amount: number
  method: FeeMethod
  reference: string | null
  status: FeeStatus
  receivedOn: string | null
  refundedOn: string | null
  refundReason: string | null
  receipt: { name: string; mimeType: string | null; size: number | null; url: string; downloadUrl: string } | null
}

/** The fee columns the booking record carries (GET /api/bookings/..., for the list's CSV). */
export interface BookingFeeFields {
  fee?: BookingFee | null
  feeAmount?: number | null
  feeMethod?: FeeMethod | null
  feeStatus?: FeeStatus | null
  feeReceivedOn?: string | null
}

export interface BookingFeeInput {
  amount: number | string
  method: FeeMethod
  reference?: string | null
  status: 'expected' | 'received'
  receivedOn?: string | null
  receipt?: File | null
}

export interface FeeTotal {
  count: number
  amount: number
}
export type FeesByStatus = Record<FeeStatus | 'all', FeeTotal>

export interface FeesReport {
  from: string | null
  to: string | null
  agencyId: number | null
  totals: FeesByStatus
  byAgency: Array<{ agencyId: number | null; agencyName: string } & FeesByStatus>
}

export interface FeesReportQuery {
  from?: string | null
  to?: string | null
  agencyId?: number | string | null
}

/** Bookings whose received fee may be refunded: rejected or cancelled (the backend decides). */
export const REFUNDABLE_BOOKING_STATUSES = ['rejected', 'rejected_by_agent', 'rejected_by_admin', 'cancelled']

export function feeForm(input: BookingFeeInput): FormData {
  const form = new FormData()
  form.set('amount', String(input.amount))
  form.set('method', input.method)
  form.set('status', input.status)
  if (input.reference?.trim()) form.set('reference', input.reference.trim())
  if (input.status === 'received' && input.receivedOn) form.set('receivedOn', input.receivedOn)
  if (input.receipt) form.set('receipt', input.receipt)
  return form
}

export function reportQuery({ from, to, agencyId }: FeesReportQuery): string {
  const params = new URLSearchParams()
  if (from) params.set('from', from)
  if (to) params.set('to', to)
  if (agencyId !== undefined && agencyId !== null && agencyId !== '') params.set('agencyId', String(agencyId))
  return params.toString()
}
