import type DocumentAccess from '#documents/models/document_access'

export function serializeDocumentAccess(access: DocumentAccess) {
  return {
    id: access.id,
    _id: access.id,
    createdAt: access.createdAt.toUTC().toISO(),
    bookingId: access.bookingId,
    documentId: access.documentId,
    documentType: access.documentType,
    documentName: access.documentName,
    action: access.action,
    userId: access.userId,
    userName: access.userName,
    userEmail: access.userEmail,
    userRole: access.userRole,
    ip: access.ip,
  }
}

/** The staff member's email and address are not the requester's to see. */
export function serializeAccessForRequester(access: DocumentAccess) {
  return {
    id: access.id,
    _id: access.id,
    createdAt: access.createdAt.toUTC().toISO(),
    documentId: access.documentId,
    documentType: access.documentType,
    documentName: access.documentName,
    action: access.action,
    userName: access.userName,
    userRole: access.userRole,
  }
}

export type RequesterDocumentAccessResource = ReturnType<typeof serializeAccessForRequester>

export type DocumentAccessResource = ReturnType<typeof serializeDocumentAccess>
