import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import { auditBy } from '#audit'
import { AppError } from '#core/errors'
import BookingFee from '#fees/models/booking_fee'
import BookingFeePolicy from '#fees/policies/booking_fee_policy'
import RecordBookingFee from '#fees/actions/record_booking_fee'
import RefundBookingFee, { FEE_NOT_FOUND } from '#fees/actions/refund_booking_fee'
import { bookingFeeValidator, feesReportValidator, refundBookingFeeValidator } from '#fees/validators/booking_fee'
import { serializeFee } from '#fees/transformers/booking_fee_transformer'
import { feesReport, feesReportCsv } from '#fees/queries/fees_report'
import { Booking, BOOKING_NOT_FOUND } from '#bookings'
import { checkDocument, MAX_DOCUMENT_SIZE, sendStoredDocument } from '#documents'

export const RECEIPT_TYPES_MESSAGE = 'The receipt must be a PDF, JPG or PNG file.'

async function findBooking(id: unknown) {
  const booking = /^\d+$/.test(String(id)) ? await Booking.find(Number(id)) : null
  if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND)
  return booking
}

/** The receipt in this request, if any, checked by content and size like the booking documents. */
async function receiptFile(request: HttpContext['request']) {
  const file = request.file('receipt', { size: MAX_DOCUMENT_SIZE })
  if (!file) return null
  try {
    return await checkDocument(file, 'other', 'receipt')
  } catch (error) {
    if (
      error instanceof AppError &&
      error.status === 422 &&
      error.message === 'The document must be a PDF, JPG or PNG file.'
    ) {
      throw AppError.invalid('receipt', RECEIPT_TYPES_MESSAGE)
    }
    throw error
  }
}

export default class BookingFeesController {
  async show({ bouncer, params }: HttpContext) {
    const booking = await findBooking(params.id)
    await bouncer.with(BookingFeePolicy).authorize('view', booking)
    const fee = await BookingFee.findBy('booking_id', booking.id)
    if (!fee) throw AppError.notFound(FEE_NOT_FOUND)
    return serializeFee(fee)
  }

  @inject()
  async update(ctx: HttpContext, recordFee: RecordBookingFee) {
    const booking = await findBooking(ctx.params.id)
    await ctx.bouncer.with(BookingFeePolicy).authorize('manage', booking)
    const input = await ctx.request.validateUsing(bookingFeeValidator)
    const receipt = await receiptFile(ctx.request)
    const by = { ...auditBy(ctx), actor: ctx.auth.user as User }
    const existed = await BookingFee.findBy('booking_id', booking.id)
    const fee = await recordFee.handle(by, booking.id, input, receipt)
    return { message: existed ? 'Booking fee updated' : 'Booking fee recorded', ...serializeFee(fee) }
  }

  @inject()
  async refund(ctx: HttpContext, refundFee: RefundBookingFee) {
    const booking = await findBooking(ctx.params.id)
    await ctx.bouncer.with(BookingFeePolicy).authorize('manage', booking)
    const input = await ctx.request.validateUsing(refundBookingFeeValidator)
    const by = { ...auditBy(ctx), actor: ctx.auth.user as User }
    const fee = await refundFee.handle(by, booking.id, input)
    return { message: 'Booking fee refund recorded', ...serializeFee(fee) }
  }

  /** Never public: streamed only to those who may see the fee. */
  async receipt(ctx: HttpContext) {
    const booking = await findBooking(ctx.params.id)
    await ctx.bouncer.with(BookingFeePolicy).authorize('view', booking)
    const fee = await BookingFee.findBy('booking_id', booking.id)
    if (!fee?.receiptKey) throw AppError.notFound('Receipt not found')
    // Recorded in the document access log, decrypted as it streams.
    await sendStoredDocument(ctx, {
      bookingId: booking.id,
      documentId: null,
      documentType: 'fee_receipt',
      name: fee.receiptName ?? 'receipt',
      mimeType: fee.receiptMimeType ?? 'application/octet-stream',
      storageKey: fee.receiptKey,
      notFound: 'Receipt not found',
    })
  }

  async report({ bouncer, request }: HttpContext) {
    await bouncer.with(BookingFeePolicy).authorize('report')
    return feesReport(await request.validateUsing(feesReportValidator))
  }

  async export({ bouncer, request, response }: HttpContext) {
    await bouncer.with(BookingFeePolicy).authorize('report')
    const report = await feesReport(await request.validateUsing(feesReportValidator))
    const range = [report.from ?? 'start', report.to ?? 'today'].join('_to_')
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Disposition', `attachment; filename="booking-fees-${range}.csv"`)
    response.header('Cache-Control', 'private, no-store')
    return response.send(feesReportCsv(report))
  }
}
