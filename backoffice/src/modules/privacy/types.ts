/** GET /api/account-deletion-requests (backend/app/privacy). */
export type DeletionRequest = {
  id: number
  userId: number | null
  user: string
  reason: string | null
  status: 'pending' | 'confirmed' | 'declined'
  createdAt: string | null
  decidedAt: string | null
  decidedBy: string | null
  declineReason: string | null
}

export const DELETION_STATUS_CHOICES = [
  { id: 'pending', name: 'Pending' },
  { id: 'confirmed', name: 'Confirmed' },
  { id: 'declined', name: 'Declined' },
]

export const deletionStatusLabel = (status: DeletionRequest['status']) =>
  DELETION_STATUS_CHOICES.find((choice) => choice.id === status)?.name ?? status

export const deletionRequestRepresentation = (request: DeletionRequest) => `Deletion request #${request.id}`
