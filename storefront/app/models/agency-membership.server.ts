/** A user's request to join an agency from the agency request screen (backend/app/agencies). */
import { apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'

export interface AgencyOption {
  id: number
  name: string
}

/** GET /api/agencies/public: the active agencies, by name. */
export async function listAgencyOptions(request: Request): Promise<ApiResponse<AgencyOption[]>> {
  const response = await apiRequest<Array<{ id: number; name: string }>>(request, '/api/agencies/public')
  const agencies = Array.isArray(response.data) ? response.data : []
  return { ...response, data: agencies.map(({ id, name }) => ({ id, name })) }
}

export interface MembershipRequestAnswer {
  message: string
  agencyId: number
}

/** POST /api/users/request-agency with the screen's payload: agencyId and requestMessage. */
export function requestMembership(
  request: Request,
  membership: { agencyId: number; requestMessage: string }
): Promise<ApiResponse<MembershipRequestAnswer>> {
  return apiRequest<MembershipRequestAnswer>(request, '/api/users/request-agency', { method: 'POST', body: membership })
}
