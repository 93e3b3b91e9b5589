import { useState, type FormEvent } from 'react'
import { Alert, Box, Button, Grid, Link, MenuItem, Stack, TextField } from '@mui/material'
import { useMutation } from '@tanstack/react-query'
import { useDataProvider, useRefresh, type Identifier } from 'react-admin'
import { formatDate, formatRM, formatSen } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import { Detail, Section } from '../shared/BookingDetailParts'
import {
  FEE_METHODS,
  FEE_STATUS_LABELS,
  REFUNDABLE_BOOKING_STATUSES,
  feeMethodLabel,
  type BookingFee,
  type BookingFeeFields,
  type FeeMethod,
} from './types'

type FieldErrors = Record<string, string>

/** The backend's `[{ field, message }]` as one message per field. */
function fieldErrorsOf(error: unknown): FieldErrors {
  const body = (error as { body?: { errors?: unknown; fieldErrors?: unknown } } | null)?.body
  const list = Array.isArray(body?.fieldErrors) ? body.fieldErrors : Array.isArray(body?.errors) ? body.errors : []
  return Object.fromEntries(
    (list as Array<{ field?: string; message?: string }>)
      .filter((item) => item.field && item.message)
      .map((item) => [item.field!, item.message!])
  )
}

const today = () => new Date().toISOString().slice(0, 10)

/**
 * The booking fee on record in the booking details: what is recorded, a form to
 * record or edit it (agent admin of the agency, super admin; the backend decides), and a
 * refund once the booking is rejected or cancelled. Record only: no money moves.
 */
const BUMIPUTERA_STATUS_LABELS: Record<string, string> = {
  none: 'Not declared',
  declared: 'Declared, not yet verified',
  verified: 'Verified',
  rejected: 'Rejected',
}

type FeeBooking = { id: Identifier; status: string } & BookingFeeFields & {
    user?: { id?: number; bumiputeraStatus?: string } | null
    discountSen?: number | null
    packages?: Array<{ name: string }>
  }

/** The discount the booking was made with, and the packages that gave it. */
function discountText(booking: FeeBooking): string {
  if (!booking.discountSen) return 'None'
  const names = (booking.packages ?? []).map((applied) => applied.name).join(', ')
  return names ? `${formatSen(booking.discountSen)} (${names})` : formatSen(booking.discountSen)
}

export function BookingFeeSection({ booking }: { booking: FeeBooking }) {
  const [saved, setSaved] = useState<BookingFee | null | undefined>(undefined)
  const fee = saved === undefined ? (booking.fee ?? null) : saved
  const [mode, setMode] = useState<'view' | 'edit' | 'refund'>('view')
  const refundable = fee?.status === 'received' && REFUNDABLE_BOOKING_STATUSES.includes(booking.status)

  return (
    <Section title="Booking Fee">
      {fee ? (
        <Grid container spacing={1.5} sx={{ mb: 1 }}>
          <Detail label="Amount" value={formatRM(fee.amount)} />
          <Detail label="Fee Status" value={FEE_STATUS_LABELS[fee.status]} />
          <Detail label="Method" value={feeMethodLabel(fee.method)} />
          <Detail label="Reference" value={fee.reference} />
          <Detail label="Date Received" value={fee.receivedOn && formatDate(fee.receivedOn)} />
          {/* What the receipt is for: the buyer's Bumiputera status and the discount the booking carries. */}
          <Detail
            label="Buyer's Bumiputera Status"
            value={BUMIPUTERA_STATUS_LABELS[booking.user?.bumiputeraStatus ?? 'none'] ?? booking.user?.bumiputeraStatus}
          />
          <Detail label="Discount Applied" value={discountText(booking)} />
          <Detail
            label="Receipt"
            value={
              fee.receipt && (
                <>
                  <Link href={fee.receipt.url} target="_blank" rel="noopener" aria-label="View receipt">
                    {fee.receipt.name}
                  </Link>{' '}
                  (
                  <Link href={fee.receipt.downloadUrl} aria-label="Download receipt">
                    Download
                  </Link>
                  )
                </>
              )
            }
          />
          {fee.status === 'refunded' && (
            <>
              <Detail label="Refund Date" value={fee.refundedOn && formatDate(fee.refundedOn)} />
              <Detail label="Refund Reason" value={fee.refundReason} />
            </>
          )}
        </Grid>
      ) : (
        <Alert severity="info" sx={{ mb: 1 }}>
          No booking fee recorded yet.
        </Alert>
      )}
      {mode === 'edit' ? (
        <FeeForm
          bookingId={booking.id}
          fee={fee}
          onCancel={() => setMode('view')}
          onSaved={(next) => {
            setSaved(next)
            setMode('view')
          }}
        />
      ) : mode === 'refund' ? (
        <RefundForm
          bookingId={booking.id}
          receivedOn={fee?.receivedOn ?? null}
          onCancel={() => setMode('view')}
          onSaved={(next) => {
            setSaved(next)
            setMode('view')
          }}
        />
      ) : (
        <Stack direction="row" spacing={1}>
          {fee?.status !== 'refunded' && (
            <Button size="small" variant="outlined" onClick={() => setMode('edit')}>
              {fee ? 'Edit Fee' : 'Record Fee'}
            </Button>
          )}
          {refundable && (
            <Button size="small" variant="outlined" color="warning" onClick={() => setMode('refund')}>
              Record Refund
            </Button>
          )}
        </Stack>
      )}
    </Section>
  )
}

function FeeForm({
  bookingId,
  fee,
  onCancel,
  onSaved,
}: {
  bookingId: Identifier
  fee: BookingFee | null
  onCancel: () => void
  onSaved: (fee: BookingFee) => void
}) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const flash = useFlash()
  const refresh = useRefresh()
  const [amount, setAmount] = useState(fee ? String(fee.amount) : '')
  const [method, setMethod] = useState<FeeMethod | ''>(fee?.method ?? '')
  const [reference, setReference] = useState(fee?.reference ?? '')
  const [status, setStatus] = useState<'expected' | 'received'>(fee?.status === 'received' ? 'received' : 'expected')
  const [receivedOn, setReceivedOn] = useState(fee?.receivedOn ?? '')
  const [receipt, setReceipt] = useState<File | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})

  const save = useMutation({
    mutationFn: () =>
      dataProvider.saveBookingFee({
        id: bookingId,
        input: { amount: amount.trim(), method: method as FeeMethod, reference, status, receivedOn, receipt },
      }),
    onSuccess: (result) => {
      flash.success(result.message)
      onSaved(result)
      refresh()
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error))
      flash.error(messageOf(error, 'Failed to save the booking fee. Please try again.'))
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found: FieldErrors = {}
    if (!/^\d+$/.test(amount.trim()) || Number(amount) < 1) found.amount = 'The amount must be a whole number of RM'
    if (!method) found.method = 'Please choose how the fee was paid'
    if (status === 'received' && !receivedOn) found.receivedOn = 'Please enter the date the fee was received'
    setErrors(found)
    if (Object.keys(found).length === 0) save.mutate()
  }

  return (
    <Box component="form" aria-label="Booking fee form" onSubmit={submit} noValidate>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Amount (RM)"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            inputMode="numeric"
            required
            fullWidth
            size="small"
            error={!!errors.amount}
            helperText={errors.amount}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label="Method"
            value={method}
            onChange={(event) => setMethod(event.target.value as FeeMethod)}
            required
            fullWidth
            size="small"
            error={!!errors.method}
            helperText={errors.method}
          >
            {FEE_METHODS.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Reference"
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            fullWidth
            size="small"
            error={!!errors.reference}
            helperText={errors.reference}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label="Fee Status"
            value={status}
            onChange={(event) => setStatus(event.target.value as 'expected' | 'received')}
            fullWidth
            size="small"
            error={!!errors.status}
            helperText={errors.status}
          >
            <MenuItem value="expected">Expected</MenuItem>
            <MenuItem value="received">Received</MenuItem>
          </TextField>
        </Grid>
        {status === 'received' && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Date Received"
              type="date"
              value={receivedOn}
              onChange={(event) => setReceivedOn(event.target.value)}
              required
              fullWidth
              size="small"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
              error={!!errors.receivedOn}
              helperText={errors.receivedOn}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <Button component="label" variant="text" size="small">
            {receipt ? `Receipt: ${receipt.name}` : fee?.receipt ? 'Replace receipt' : 'Attach receipt (PDF, JPG, PNG)'}
            <input
              hidden
              type="file"
              aria-label="Receipt file"
              accept="application/pdf,image/jpeg,image/png"
              onChange={(event) => setReceipt(event.target.files?.[0] ?? null)}
            />
          </Button>
          {errors.receipt && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errors.receipt}
            </Alert>
          )}
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button type="submit" variant="contained" size="small" disabled={save.isPending}>
          Save Fee
        </Button>
        <Button size="small" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </Stack>
    </Box>
  )
}

function RefundForm({
  bookingId,
  receivedOn,
  onCancel,
  onSaved,
}: {
  bookingId: Identifier
  receivedOn: string | null
  onCancel: () => void
  onSaved: (fee: BookingFee) => void
}) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const flash = useFlash()
  const refresh = useRefresh()
  const [refundedOn, setRefundedOn] = useState(today())
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const refund = useMutation({
    mutationFn: () => dataProvider.refundBookingFee({ id: bookingId, refundedOn, reason }),
    onSuccess: (result) => {
      flash.success(result.message)
      onSaved(result)
      refresh()
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error))
      flash.error(messageOf(error, 'Failed to record the refund. Please try again.'))
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found: FieldErrors = {}
    if (!refundedOn) found.refundedOn = 'Please enter the refund date'
    if (!reason.trim()) found.reason = 'A reason is required to record a refund'
    setErrors(found)
    if (Object.keys(found).length === 0) refund.mutate()
  }
  return (
    <Box component="form" aria-label="Refund form" onSubmit={submit} noValidate>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Refund Date"
            type="date"
            value={refundedOn}
            onChange={(event) => setRefundedOn(event.target.value)}
            required
            fullWidth
            size="small"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: receivedOn ?? undefined, max: today() } }}
            error={!!errors.refundedOn}
            helperText={errors.refundedOn}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            label="Refund Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            size="small"
            error={!!errors.reason}
            helperText={errors.reason}
          />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button type="submit" variant="contained" color="warning" size="small" disabled={refund.isPending}>
          Record Refund
        </Button>
        <Button size="small" onClick={onCancel} disabled={refund.isPending}>
          Cancel
        </Button>
      </Stack>
    </Box>
  )
}
