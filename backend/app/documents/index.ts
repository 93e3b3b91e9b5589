export { default as BookingDocument, DOCUMENT_TYPES, type DocumentType } from '#documents/models/booking_document'
export {
  checkDocument,
  readStoredBytes,
  removeStoredDocuments,
  storeDocument,
  MAX_DOCUMENT_SIZE,
  type CheckedDocument,
  type StoredDocument,
} from '#documents/services/document_store'
export { sendStoredDocument } from '#documents/services/document_access_log'
export { DOCUMENT_LABELS, refuseWhileDocumentsBlock, type BookingDocumentChanged } from '#documents/document_review'
export { documentPart } from '#documents/booking_part'
export { documentsForBookings, ACCOUNT_DELETION } from '#documents/bookings_port'
export { DocumentMasterKeyCheck } from '#documents/services/document_key_check'
export { openEveryDocument, type DocumentsOpenReport } from '#documents/services/document_verification'
export { default as ApplyDocumentRetention, type RetentionReport } from '#documents/actions/apply_document_retention'
export { retentionPeriods, type RetentionPeriods } from '#documents/retention'
export {
  bumiputeraEvidenceForExport,
  forgetBumiputeraEvidence,
  type ExportedEvidence,
} from '#documents/bumiputera_evidence'
