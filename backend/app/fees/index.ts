export {
  default as BookingFee,
  FEE_METHODS,
  FEE_STATUSES,
  type FeeMethod,
  type FeeStatus,
} from '#fees/models/booking_fee'
export { serializeFee, type BookingFeeResource } from '#fees/transformers/booking_fee_transformer'
export { feePart } from '#fees/booking_part'
