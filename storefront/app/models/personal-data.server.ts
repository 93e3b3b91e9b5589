/**
 * A person's rights over their data (backend/app/privacy, docs/privacy.md): their deletion
 * request and its answer. The export itself is a plain link to GET /api/me/personal-data,
 * downloaded by the browser with its own cookies.
 */
import { apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'

export const PERSONAL_DATA_EXPORT_URL = '/api/me/personal-data'

export interface DeletionRequest {
  id: number
  status: 'pending' | 'confirmed' | 'declined'
  reason: string | null
  createdAt: string | null
  decidedAt: string | null
  declineReason: string | null
}

/** GET /api/me/deletion-request: the latest request, or null. */
export function getDeletionRequest(request: Request): Promise<ApiResponse<{ request: DeletionRequest | null }>> {
  return apiRequest<{ request: DeletionRequest | null }>(request, '/api/me/deletion-request')
}

/** POST /api/me/deletion-request: a super admin confirms it in the backoffice. */
export function requestAccountDeletion(
  request: Request,
  reason: string | null
): Promise<ApiResponse<{ message: string; request: DeletionRequest }>> {
  return apiRequest(request, '/api/me/deletion-request', { method: 'POST', body: { reason } })
}
