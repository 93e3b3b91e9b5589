import type { ExportedDocument } from '#bookings'
import { readStoredBytes } from '#documents'
import type BookingFee from '#fees/models/booking_fee'
import { serializeFee } from '#fees/transformers/booking_fee_transformer'

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }

/** The receipt's extension: from its checked type, else from its name. */
function extensionOf(fee: BookingFee) {
  const fromType = fee.receiptMimeType ? EXTENSIONS[fee.receiptMimeType] : undefined
  if (fromType) return fromType
  const fromName = /\.([a-z0-9]{1,8})$/i.exec(fee.receiptName ?? '')?.[1]
  return fromName?.toLowerCase() ?? 'bin'
}

/** Where the fee's receipt goes in the person's archive; null when the fee has none (as serializeFee says). */
export function receiptPath(fee: BookingFee): string | null {
  return fee.receiptKey && fee.receiptName
    ? `fees/booking-${fee.bookingId}-${fee.id}-receipt.${extensionOf(fee)}`
    : null
}

/** The fee in the person's export: as the screens read it, and where in the ZIP its receipt file is. */
export function exportedFee(fee: BookingFee) {
  const serialized = serializeFee(fee)
  const file = receiptPath(fee)
  return { ...serialized, receipt: serialized.receipt && file ? { ...serialized.receipt, file } : null }
}

/** The receipt file the archive carries, read (decrypted) from the private disk like the booking documents. */
export function exportedReceipt(fee: BookingFee | null): ExportedDocument[] {
  const file = fee ? receiptPath(fee) : null
  if (!fee?.receiptKey || !file) return []
  const storageKey = fee.receiptKey
  return [
    {
      fileName: file,
      read: () => readStoredBytes(storageKey),
      accessed: {
        bookingId: fee.bookingId,
        documentId: null,
        documentType: 'fee_receipt',
        name: fee.receiptName ?? 'receipt',
      },
    },
  ]
}
