export { default as Booking, type RequiredDocumentType } from '#bookings/models/booking'
export { default as BookingStatusChange } from '#bookings/models/booking_status_change'
export { default as BookingPolicy } from '#bookings/policies/booking_policy'
export { activeBookingIdForLot, activeBookingIdsForLots, activeBookingOf } from '#bookings/queries/active_bookings'
export {
  TRANSITIONS,
  BOOKING_NOT_FOUND,
  allowedActions,
  takeTransition,
  type BookingStatusChanged,
} from '#bookings/workflow'
export {
  onWorkflow,
  onHoldClock,
  addBookingPart,
  answerDocuments,
  type WorkflowHooks,
  type ClockStep,
  type BookingPart,
  type BookingForm,
  type DocumentsPort,
  type FormAttachments,
  type Within,
} from '#bookings/ports'
export { closeAgencyRequests } from '#bookings/actions/close_agency_requests'
export { default as ExpireHolds, DEFAULT_HOLD_DAYS } from '#bookings/actions/expire_holds'
export { default as RunHoldClock, runHoldClockTick } from '#bookings/actions/run_hold_clock'
export {
  defaultHoldMinutes,
  holdMinutesOf,
  type BookingHoldReminder,
  type BookingHoldExtended,
} from '#bookings/hold_clock'
export { serializeBooking, presentBooking, type BookingResource } from '#bookings/transformers/booking_transformer'
export {
  BOOKING_STATUSES,
  FINAL_STATUSES,
  HOLDING_STATUSES,
  QUEUED_STATUSES,
  RELEASED_STATUSES,
  SOLD_STATUSES,
  STATUS_MEANING,
  statusesWhere,
  type BookingStatus,
} from '#bookings/workflow_table'
export { NOTICE_CHANGED } from '#bookings/validators/consent'
export { bookingCounts, type BookingCounts } from '#bookings/queries/counts'
export { lotsOwnedBy, bookingStatuses, OWNING_STATUSES, type OwnedLot } from '#bookings/queries/owned_lots'
export { approvalTimes, type ApprovalTimes } from '#bookings/queries/approval_times'
export { DEFAULT_TARGET_MINUTES, type ApprovalTier } from '#bookings/approval_tiers'
/** A person's bookings for the privacy module: what the documents module holds comes through #bookings/ports. */
export {
  forgetRequester,
  removeForgottenFiles,
  recordDocumentAccesses,
  type ForgottenRequester,
} from '#bookings/actions/forget_requester'
export { requesterData } from '#bookings/queries/requester_data'
export { type DocumentReader, type ExportedDocument } from '#bookings/ports'
