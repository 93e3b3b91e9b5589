/** The bookings module's public face. */
export { default as Booking } from '#bookings/models/booking'
export { activeBookingIdForLot, activeBookingIdsForLots, activeBookingOf } from '#bookings/queries/active_bookings'
export { TRANSITIONS, allowedActions, takeTransition, type BookingStatusChanged } from '#bookings/workflow'
export {
  onWorkflow,
  onHoldClock,
  addBookingPart,
  type WorkflowHooks,
  type ClockStep,
  type BookingPart,
} from '#bookings/ports'
export { BOOKING_NOT_FOUND } from '#bookings/workflow'
export {
  checkDocument,
  removeStoredDocuments,
  storeDocument,
  MAX_DOCUMENT_SIZE,
  type CheckedDocument,
  type StoredDocument,
} from '#bookings/services/document_store'
export { sendStoredDocument } from '#bookings/services/document_access_log'
export { DOCUMENT_LABELS, refuseWhileDocumentsBlock, type BookingDocumentChanged } from '#bookings/document_review'
export { closeAgencyRequests } from '#bookings/actions/close_agency_requests'
export { default as ExpireHolds, DEFAULT_HOLD_DAYS } from '#bookings/actions/expire_holds'
export { default as RunHoldClock, runHoldClockTick } from '#bookings/actions/run_hold_clock'
export {
  defaultHoldMinutes,
  holdMinutesOf,
  type BookingHoldReminder,
  type BookingHoldExtended,
} from '#bookings/hold_clock'
export { serializeBooking, type BookingResource } from '#bookings/transformers/booking_transformer'
export {
  BOOKING_STATUSES,
  HOLDING_STATUSES,
  STATUS_MEANING,
  statusesWhere,
  type BookingStatus,
} from '#bookings/workflow_table'
export { bookingCounts, type BookingCounts } from '#bookings/queries/counts'
export { lotsOwnedBy, bookingStatuses, OWNING_STATUSES, type OwnedLot } from '#bookings/queries/owned_lots'
export { approvalTimes, type ApprovalTimes } from '#bookings/queries/approval_times'
export { DEFAULT_TARGET_MINUTES, type ApprovalTier } from '#bookings/approval_tiers'
export {
  forgetRequester,
  removeForgottenFiles,
  ACCOUNT_DELETION,
  type ForgottenRequester,
} from '#bookings/actions/forget_requester'
export { requesterData, type ExportedDocument } from '#bookings/queries/requester_data'
export { recordDocumentAccesses, type DocumentReader } from '#bookings/services/document_access_log'
export { DocumentMasterKeyCheck } from '#bookings/services/document_key_check'
export { default as ApplyDocumentRetention, type RetentionReport } from '#bookings/actions/apply_document_retention'
export { retentionPeriods, type RetentionPeriods } from '#bookings/retention'
