import type AccountDeletionRequest from '#privacy/models/account_deletion_request'

/** A deletion request as the profile and the backoffice read it. Preload `decidedBy` for its name. */
export function serializeDeletionRequest(request: AccountDeletionRequest) {
  return {
    id: request.id,
    _id: request.id,
    userId: request.userId,
    user: request.userLabel,
    reason: request.reason,
    status: request.status,
    createdAt: request.createdAt?.toISO() ?? null,
    decidedAt: request.decidedAt?.toISO() ?? null,
    decidedBy: request.$preloaded.decidedBy && request.decidedBy ? request.decidedBy.name : null,
    declineReason: request.declineReason,
  }
}

export type DeletionRequestResource = ReturnType<typeof serializeDeletionRequest>
