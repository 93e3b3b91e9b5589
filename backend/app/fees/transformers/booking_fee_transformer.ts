import type BookingFee from '#fees/models/booking_fee'

export function feeReceiptUrl(fee: BookingFee) {
  return `/api/bookings/${fee.bookingId}/fee/receipt`
}

export function serializeFee(fee: BookingFee) {
  const url = fee.receiptKey ? feeReceiptUrl(fee) : null
  return {
    id: fee.id,
    _id: fee.id,
    bookingId: fee.bookingId,
    amount: fee.amount,
    method: fee.method,
    reference: fee.reference,
    status: fee.status,
    receivedOn: fee.receivedOn?.toISODate() ?? null,
    refundedOn: fee.refundedOn?.toISODate() ?? null,
    refundReason: fee.refundReason,
    receipt:
      url && fee.receiptName
        ? {
            name: fee.receiptName,
            mimeType: fee.receiptMimeType,
            size: fee.receiptSize,
            url,
            downloadUrl: `${url}?download=1`,
          }
        : null,
    recordedById: fee.recordedById,
    createdAt: fee.createdAt?.toISO() ?? null,
    updatedAt: fee.updatedAt?.toISO() ?? null,
  }
}

export type BookingFeeResource = ReturnType<typeof serializeFee>

/** The fee on record as fields of its booking: the fee, and its columns flat for the CSV export. */
export function serializeBookingFeeFields(fee: BookingFee | null) {
  return {
    fee: fee ? serializeFee(fee) : null,
    feeAmount: fee?.amount ?? null,
    feeMethod: fee?.method ?? null,
    feeStatus: fee?.status ?? null,
    feeReceivedOn: fee?.receivedOn?.toISODate() ?? null,
  }
}

export type BookingFeeFieldsResource = ReturnType<typeof serializeBookingFeeFields>
